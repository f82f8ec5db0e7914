// `npm run bench:mailing`: a mailing to 2,000 subscribers through a local SMTP sink (issue 33).
// The production build on a temporary data dir with the sample content; 2,000 confirmed newsletter
// subscribers written straight into the built-in database while the server is stopped; then, each
// time a notice for everyone e-mailed through the staff API (the newsletter's mailing):
//   1. full speed (SPROUT_MAILING_RATE=1000000): messages per second, the server's peak RSS;
//   2. at the rate's highest setting (6,000 a minute, set through the API as staff would) with wrk
//      on the public home page (`/`, 20 connections) while it sends: its p95 (target <= 50 ms),
//      against the same page before, idle; and the peak RSS.
// Every recipient must get exactly one message (checked on the sink). RSS is read from
// /proc/<pid>/status every 50 ms (Linux), by the sink's process (scripts/lib/mail-sink.mjs). Loopback only; every run is bounded.
//   --recipients=N  subscribers (default 2000)   --duration=N  wrk seconds (default 10, after 2 s warm-up)
//   --no-build
// Prints a table and writes bench/results/mailing-<time>.json.
import { fork, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { installSchool, json, signIn } from './lib/growth.mjs';
import { buildSite, freePort, root, startServer, stopServer, waitFor } from './lib/harness.mjs';
import { checkWrk, measure } from './lib/wrk.mjs';

const args = process.argv.slice(2);
const arg = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const RECIPIENTS = Number(arg('recipients') ?? 2000);
const DURATION = Number(arg('duration') ?? 10);
const TARGET_P95_MS = 50;
const QUIET = { LOG_LEVEL: 'error' };
const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' }).stdout.trim();
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The SMTP sink, in a process of its own (wrk blocks this one while it measures). */
async function startSink() {
  const child = fork(join(root, 'scripts/lib/mail-sink.mjs'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const ask = (message) =>
    new Promise((resolve) => {
      child.once('message', resolve);
      child.send(message);
    });
  const { url } = await new Promise((resolve) => child.once('message', resolve));
  return {
    url,
    /** Clears the counts and watches the server's RSS from now on. */
    reset: (pid) => ask({ type: 'reset', pid }),
    state: () => ask({ type: 'state' }),
    stop: () =>
      new Promise((resolve) =>
        child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.send({ type: 'stop' })),
      ),
  };
}

/** The subscribers, confirmed, for news, written while no server has the database open. */
async function seedSubscribers(dataDir, n) {
  const db = await PGlite.create(join(dataDir, 'db'));
  try {
    await db.exec(`insert into newsletter_subscribers (email, topics, state, source, consent_at, consent_source)
      select 'parent-' || g || '@families.test', '{news}', 'confirmed', 'bench', now(), 'bench'
      from generate_series(1, ${Number(n)}) g`);
    await db.exec('vacuum (analyze) newsletter_subscribers');
  } finally {
    await db.close();
  }
}

/**
 * A notice for everyone, e-mailed now (information: the newsletter's subscribers); `done()` waits
 * until the sink has every copy, checks nobody got two, and answers the speed and the server's peak RSS.
 */
async function mailOnce(base, cookie, sink, pid, label) {
  await sink.reset(pid);
  const notice = (
    await json(
      base,
      'POST',
      '/api/notices',
      {
        title: `Sports day moves indoors (${label})`,
        body: 'Because of the rain, sports day is in the hall. Bring indoor shoes and a water bottle.',
        urgency: 'information',
        audience: 'everyone',
        published: true,
        endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      cookie,
    )
  ).data.data;
  const startedAt = Date.now();
  const mailing = (await json(base, 'POST', `/api/notices/${notice.id}/email`, {}, cookie)).data.data;
  if (mailing.recipients !== RECIPIENTS) throw new Error(`the mailing went to ${mailing.recipients}, not ${RECIPIENTS}`);
  const done = async () => {
    let s = await sink.state();
    while (s.recipients < RECIPIENTS && Date.now() < startedAt + 15 * 60_000) {
      await sleep(50);
      s = await sink.state();
    }
    if (s.recipients < RECIPIENTS) throw new Error(`only ${s.recipients} of ${RECIPIENTS} arrived`);
    if (s.repeated) throw new Error(`${s.repeated} recipients got more than one copy`);
    const seconds = (s.lastAt - startedAt) / 1000;
    return {
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(RECIPIENTS / seconds),
      kbPerMessage: Math.round(s.bytes / s.messages / 102.4) / 10,
      peakRssMb: Math.round(s.peakRssKb / 1024),
    };
  };
  return { mailingId: mailing.mailingId, startedAt, done };
}

async function phase(dataDir, port, sink, env) {
  const server = startServer({ port, dataDir, env: { ...QUIET, SMTP_URL: sink.url, ...env } });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, server, 120_000);
  return { server, base };
}

checkWrk();
buildSite(args);
const work = mkdtempSync(join(tmpdir(), 'sprout-bench-mailing-'));
const dataDir = join(work, 'data');
const report = {
  date: new Date().toISOString(),
  node: process.version,
  commit: git('rev-parse', 'HEAD'),
  recipients: RECIPIENTS,
  loadBefore: load(),
};
const sink = await startSink();
const port = await freePort();
let server;
try {
  ({ server } = await phase(dataDir, port, sink, {}));
  await installSchool(`http://127.0.0.1:${port}`);
  await stopServer(server);
  await seedSubscribers(dataDir, RECIPIENTS);
  console.log(`${RECIPIENTS} subscribers seeded`);

  // 1. Full speed.
  let base;
  ({ server, base } = await phase(dataDir, port, sink, { SPROUT_MAILING_RATE: '1000000' }));
  let cookie = await signIn(base);
  report.fullSpeed = await (await mailOnce(base, cookie, sink, server.pid, 'full speed')).done();
  const f = report.fullSpeed;
  console.log(`full speed: ${f.perSecond} messages/s (${f.seconds} s), ${f.kbPerMessage} KB each, peak RSS ${f.peakRssMb} MB`);
  await stopServer(server);

  // 2. At the highest rate staff may set, with the home page under load.
  ({ server, base } = await phase(dataDir, port, sink, {}));
  cookie = await signIn(base);
  await json(base, 'PUT', '/api/mailings/settings', { ratePerMinute: 6000 }, cookie);
  await sleep(12_000); // the server's first vacuum after a start is not the page's doing
  report.homeIdle = measure(`${base}/`, { seconds: DURATION, pid: server.pid });
  console.log(`/ idle: p95 ${report.homeIdle.p95} ms, ${report.homeIdle.reqPerSec} req/s`);
  const mailing = await mailOnce(base, cookie, sink, server.pid, 'paced');
  const home = measure(`${base}/`, { seconds: DURATION, pid: server.pid });
  const measuredUntil = Date.now();
  const sent = await mailing.done();
  report.whileSending = {
    home,
    sent,
    ratePerMinute: 6000,
    sendingThroughoutWrk: mailing.startedAt + sent.seconds * 1000 >= measuredUntil,
  };
  console.log(
    `/ while sending at 6000/min: p95 ${home.p95} ms (p50 ${home.p50}, p99 ${home.p99}), ${home.reqPerSec} req/s${home.errors ? `, ERRORS ${home.errors}` : ''}; ` +
      `${sent.perSecond} messages/s, peak RSS ${sent.peakRssMb} MB${report.whileSending.sendingThroughoutWrk ? '' : ' (the mailing ended before wrk did)'}`,
  );
  report.target = { p95Ms: TARGET_P95_MS, met: home.p95 <= TARGET_P95_MS };
  report.loadAfter = load();
  console.table({
    'full speed': { 'messages/s': f.perSecond, 'peak RSS MB': f.peakRssMb, 'home p95 ms': '' },
    idle: { 'messages/s': '', 'peak RSS MB': '', 'home p95 ms': report.homeIdle.p95 },
    'sending 6000/min': { 'messages/s': sent.perSecond, 'peak RSS MB': sent.peakRssMb, 'home p95 ms': home.p95 },
  });
  console.log(
    `home page p95 while sending: ${home.p95} ms (target <= ${TARGET_P95_MS} ms: ${report.target.met ? 'met' : 'MISSED'})`,
  );
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  const out = join(root, 'bench/results', `mailing-${report.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`written to ${out}`);
} finally {
  await stopServer(server);
  await sink.stop();
  rmSync(work, { recursive: true, force: true });
}
