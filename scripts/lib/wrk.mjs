// Throughput and latency with wrk (Debian package `wrk`), and the server's own CPU time per request
// from its /proc counters. autocannon topped out at ~20-30k req/s on this machine, below a bare
// node:http server, so it hid what the server itself costs.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// wrk's `done` hook: one JSON line with what the report needs (latencies in microseconds).
const REPORT_LUA = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests":%d,"durationUs":%d,"bytes":%d,"errors":%d,"non2xx3xx":%d,"meanUs":%.1f,"p50Us":%d,"p90Us":%d,"p95Us":%d,"p99Us":%d,"maxUs":%d}\\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout, e.status,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(95), latency:percentile(99), latency.max))
end
`;
const script = join(tmpdir(), `sprout-wrk-report-${process.pid}.lua`);
writeFileSync(script, REPORT_LUA);
process.on('exit', () => rmSync(script, { force: true }));

export function checkWrk() {
  const found = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (found.error) {
    console.error('wrk is not installed: `apt-get install -y wrk` (Debian/Ubuntu).');
    process.exit(1);
  }
}

const TICKS_PER_SECOND = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** User plus system CPU time of a process so far, in milliseconds (Linux /proc), or null. */
export function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces), from field 3: utime is 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** A script that sends `method` with `body` (a write route), then reports like the default one. */
function requestScript(method, body) {
  const file = join(tmpdir(), `sprout-wrk-${method}-${process.pid}.lua`);
  writeFileSync(file, `wrk.method = ${JSON.stringify(method)}\nwrk.body = ${JSON.stringify(body ?? '')}\n${REPORT_LUA}`);
  process.on('exit', () => rmSync(file, { force: true }));
  return file;
}

function runWrk(url, { threads, connections, seconds, headers = {}, method, body }) {
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const lua = method ? requestScript(method, body) : script;
  const run = spawnSync(
    'wrk',
    [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, '--timeout', '5s', ...headerArgs, '-s', lua, url],
    {
      encoding: 'utf8',
      timeout: (seconds + 30) * 1000,
    },
  );
  const line = run.stdout?.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`wrk failed on ${url}: ${run.stderr || run.stdout || run.error}`);
  return JSON.parse(line.slice('WRK_JSON '.length));
}

/**
 * Measures `url` after a 2 s warm-up: req/s, mean/p50/p95/p99 latency in ms, errors (connection errors
 * and timeouts; with `countStatus`, answers other than 2xx/3xx too), and when `pid` is given that
 * process's CPU time per request in microseconds. `method` and `body` measure a write route.
 */
export function measure(
  url,
  { threads = 1, connections = 20, seconds = 10, pid, countStatus = true, headers, method, body } = {},
) {
  runWrk(url, { threads, connections, seconds: 2, headers, method, body });
  const cpuBefore = pid ? cpuMs(pid) : null;
  const r = runWrk(url, { threads, connections, seconds, headers, method, body });
  const cpuAfter = pid ? cpuMs(pid) : null;
  const ms = (us) => Math.round(us / 10) / 100;
  return {
    reqPerSec: Math.round(r.requests / (r.durationUs / 1e6)),
    meanMs: ms(r.meanUs),
    p50: ms(r.p50Us),
    p95: ms(r.p95Us),
    p99: ms(r.p99Us),
    errors: r.errors + (countStatus ? r.non2xx3xx : 0),
    cpuUsPerReq:
      cpuBefore !== null && cpuAfter !== null && r.requests
        ? Math.round((((cpuAfter - cpuBefore) * 1000) / r.requests) * 10) / 10
        : null,
  };
}
