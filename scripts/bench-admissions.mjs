// `node --import tsx scripts/bench-admissions.mjs [--pg=postgres://…]`: the admissions board
// (issue #14) with 2,000 admission enquiries spread over the stages, departments, branches and
// start months. The real app (buildApp) on a fresh built-in database in a temporary folder (or an
// empty PostgreSQL database with --pg); the requests go through app.inject, so the figures are the
// server's own time (routing, permission check, queries, JSON), without a network. Prints the
// median and worst of 15 requests per board view, and writes bench/results/admissions-<time>.json.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app.ts';
import { enquiries } from '../src/server/db/schema/index.ts';
import { createUser, installTestSchool, sessionCookie } from '../src/server/test/factories.ts';
import { ADMISSION_STAGES } from '../src/shared/schemas/admission-stages.ts';

const ENQUIRIES = 2000;
const RUNS = 15;
const pg = process.argv.find((a) => a.startsWith('--pg='))?.slice(5);
const dataDir = mkdtempSync(join(tmpdir(), 'sprout-bench-admissions-'));
const app = await buildApp({ dataDir, databaseUrl: pg, logLevel: 'warn', pages: false, setupCode: 'bench' });
await app.ready();
try {
  const { admin } = await installTestSchool(app);
  const cookie = await sessionCookie(app, admin);
  const office = await sessionCookie(
    app,
    await createUser(app, { role: null, permissions: { leads: { read: true, write: true } } }),
  );
  const departments = ['playgroup', 'nursery', 'kindergarten'];
  const branches = ['Main Branch', 'City Branch'];
  const first = ['Aarav', 'Ira', 'Kabir', 'Zoya', 'Meera', 'Vihaan', 'Anaya', 'Reyansh', 'Saanvi', 'Arjun'];
  const last = ['Sharma', 'Menon', 'Rao', 'Khan', 'Iyer', 'Das', 'Patel', 'Singh'];
  const rows = Array.from({ length: ENQUIRIES }, (_, i) => {
    const stage = ADMISSION_STAGES[i % ADMISSION_STAGES.length];
    const month = String((i % 12) + 1).padStart(2, '0');
    return {
      type: 'admission',
      name: `${first[i % first.length]} ${last[i % last.length]} ${i}`,
      email: `family${i}@example.com`,
      phone: '+91 98765 00000',
      details: {
        fatherName: `Parent ${last[(i * 3) % last.length]} ${i}`,
        birthDate: `202${2 + (i % 3)}-0${(i % 9) + 1}-15`,
        address: `${i} Garden Lane`,
        department: departments[i % 3],
        branch: branches[i % 2],
        admissionDate: `2027-${month}-01`,
      },
      stage,
      status: stage === 'new' ? 'new' : 'handled',
      stageChangedAt: new Date(Date.now() - (i % 90) * 86_400_000),
      createdAt: new Date(Date.now() - (i % 400) * 86_400_000),
    };
  });
  for (let i = 0; i < rows.length; i += 500) await app.db.insert(enquiries).values(rows.slice(i, i + 500));

  const views = {
    'whole board': '/api/admissions/board',
    'one department and branch': '/api/admissions/board?department=nursery&branch=Main%20Branch',
    'start month (with capacity)': '/api/admissions/board?month=2027-04',
    'search by parent name': '/api/admissions/board?q=parent%20menon',
    'CSV of everything': '/api/admissions/export.csv',
  };
  const results = {};
  for (const [name, url] of Object.entries(views)) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const res = await app.inject({ url, headers: { cookie: i % 2 ? cookie : office } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      bytes = res.rawPayload.length;
      if (i > 0) times.push(ms); // the first request warms up the prepared plans
    }
    times.sort((a, b) => a - b);
    results[name] = { url, medianMs: +times[Math.floor(times.length / 2)].toFixed(1), worstMs: +times.at(-1).toFixed(1), bytes };
    console.log(`${name.padEnd(30)} median ${results[name].medianMs} ms, worst ${results[name].worstMs} ms, ${bytes} bytes`);
  }
  const out = join(import.meta.dirname, '../bench/results');
  mkdirSync(out, { recursive: true });
  const file = join(out, `admissions-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, JSON.stringify({ driver: pg ? 'pg' : 'pglite', enquiries: ENQUIRIES, runs: RUNS, results }, null, 2));
  console.log(`written ${file}`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}
