// Mixed traffic against a running Sprout for a fixed time, as a school's busy morning looks:
// parents reading public pages (autocannon), staff signing in, parents sending the contact form,
// and staff writing in the back office (autocannon, a new category per request). Counts every
// answer by status, keeps the id of every write the server acknowledged (2xx) and checks afterwards
// that each one is in the database, and samples the server's resident memory every second.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const rssMb = (pid) => {
  try {
    return Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024);
  } catch {
    return null;
  }
};

/** One status tally per traffic kind: `{ '2xx': n, '4xx': n, '5xx': n, errors: n, byStatus: {...} }`. */
const tally = () => ({ '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0, errors: 0, byStatus: {} });
const count = (t, status) => {
  t[`${Math.floor(status / 100)}xx`] += 1;
  t.byStatus[status] = (t.byStatus[status] ?? 0) + 1;
};

async function signIn(base, username, password, ip) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ username, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('sid='));
  await res.arrayBuffer();
  return { status: res.status, cookie };
}

/** A fetch loop: `step` runs again and again until the deadline, on `workers` concurrent loops. */
async function loop(workers, deadline, step) {
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (let i = 0; Date.now() < deadline; i++) await step(worker, i);
    }),
  );
}

/**
 * Runs the mix for `seconds` against `base` (the server must trust one proxy hop: each simulated
 * parent or member of staff comes from its own X-Forwarded-For address, as behind a school's proxy).
 * `admin` signs in for the back-office writes; `pid` is the server's, for its memory.
 */
export async function mixedLoad({ base, pid, seconds, admin, publicPaths }) {
  const deadline = Date.now() + seconds * 1000;
  const results = { public: tally(), signIn: tally(), form: tally(), write: tally() };
  const acknowledged = { categories: new Set(), enquiries: new Set() };
  const memory = [];
  const sampler = setInterval(() => memory.push(rssMb(pid)), 1000);
  memory.push(rssMb(pid));

  const { cookie } = await signIn(base, admin.username, admin.password, '10.9.0.1');
  if (!cookie) throw new Error('the administrator could not sign in');

  const cannon = (opts) =>
    new Promise((resolve, reject) => {
      const instance = autocannon({ url: base, duration: seconds, ...opts }, (err, out) => (err ? reject(err) : resolve(out)));
      instance.on('response', (_client, status) => count(opts.tallyInto, status));
      instance.on('reqError', () => (opts.tallyInto.errors += 1));
    });

  let writeNo = 0;
  const runs = [
    // Parents reading the site: every public page in turn.
    cannon({
      connections: 8,
      tallyInto: results.public,
      requests: publicPaths.map((path) => ({ method: 'GET', path })),
    }),
    // Staff writing: a new category per request; each 201's id is kept to be found afterwards.
    cannon({
      connections: 2,
      tallyInto: results.write,
      requests: [
        {
          method: 'POST',
          path: '/api/categories',
          headers: { 'content-type': 'application/json', cookie },
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ name: `Load ${process.pid}-${(writeNo += 1)}` }) }),
          onResponse: (status, body) => {
            if (status === 201) acknowledged.categories.add(JSON.parse(body).data.id);
          },
        },
      ],
    }),
    // Staff signing in (a right password: argon2 verify on the server each time).
    loop(2, deadline, async (worker, i) => {
      try {
        count(results.signIn, (await signIn(base, admin.username, admin.password, `10.${20 + worker}.0.${i % 250}`)).status);
      } catch {
        results.signIn.errors += 1;
      }
    }),
    // Parents sending the contact form: a token as the page would fetch it, then the form, each
    // from its own address (the per-address hourly limit is for one family, not a school's proxy).
    loop(2, deadline, async (worker, i) => {
      const ip = `10.${7 + worker}.${Math.floor(i / 250) % 250}.${i % 250}`;
      try {
        const tokenRes = await fetch(`${base}/api/enquiries/form-token?type=contact`, { headers: { 'x-forwarded-for': ip } });
        const { token } = await tokenRes.json();
        const res = await fetch(`${base}/api/enquiries/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
          body: JSON.stringify({
            name: `Parent ${worker}-${i}`,
            email: `parent${worker}.${i}@example.test`,
            message: 'A visit, please.',
            formToken: token,
          }),
        });
        const body = await res.json().catch(() => ({}));
        count(results.form, res.status);
        if (res.status === 201 && body.data?.id) acknowledged.enquiries.add(body.data.id);
      } catch {
        results.form.errors += 1;
      }
    }),
  ];
  const [publicOut, writeOut] = await Promise.all(runs);
  clearInterval(sampler);
  memory.push(rssMb(pid));

  // Every acknowledged write is there.
  const present = async (path, key) => {
    const ids = new Set();
    for (let offset = 0; ; offset += 100) {
      const res = await fetch(`${base}${path}?limit=100&offset=${offset}`, { headers: { cookie } });
      const body = await res.json();
      for (const row of body.data ?? []) ids.add(row[key]);
      if (!body.data?.length || offset + 100 >= (body.total ?? 0)) break;
    }
    return ids;
  };
  const categoriesNow = await present('/api/categories', 'id');
  const enquiriesNow = await present('/api/enquiries', 'id');
  const lost = {
    categories: [...acknowledged.categories].filter((id) => !categoriesNow.has(id)).length,
    enquiries: [...acknowledged.enquiries].filter((id) => !enquiriesNow.has(id)).length,
  };

  const samples = memory.filter((m) => m !== null);
  const third = Math.max(1, Math.floor(samples.length / 3));
  const avg = (xs) => Math.round(xs.reduce((a, b) => a + b, 0) / xs.length);
  return {
    seconds,
    results,
    requestsPerSecond: {
      public: Math.round(publicOut.requests.average),
      write: Math.round(writeOut.requests.average),
    },
    latencyP99Ms: { public: publicOut.latency.p99, write: writeOut.latency.p99 },
    acknowledged: { categories: acknowledged.categories.size, enquiries: acknowledged.enquiries.size },
    lost,
    memoryMb: {
      start: samples[0],
      peak: Math.max(...samples),
      firstThirdAvg: avg(samples.slice(0, third)),
      lastThirdAvg: avg(samples.slice(-third)),
      end: samples.at(-1),
    },
  };
}
