// Preloaded into the server by the benches (`node --import ./scripts/lib/loop-delay.mjs`): the
// event loop's delay (perf_hooks.monitorEventLoopDelay, DESIGN §10). On SIGUSR2 it writes what it
// saw since the last signal to SPROUT_LOOP_DELAY_FILE ({maxMs, p99Ms, meanMs}) and starts afresh.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.SPROUT_LOOP_DELAY_FILE;
if (file) {
  const histogram = monitorEventLoopDelay({ resolution: 5 });
  histogram.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  process.on('SIGUSR2', () => {
    writeFileSync(
      file,
      JSON.stringify({ maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)), meanMs: ms(histogram.mean) }),
    );
    histogram.reset();
  });
}
