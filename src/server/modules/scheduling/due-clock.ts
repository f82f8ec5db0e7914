import type { FastifyInstance } from 'fastify';

/** What a clock watches: when the next thing is due, what to do then, and which writes move it. */
export interface DueClock {
  /** Named in the log when a read or the work fails. */
  name: string;
  /** The next time something is due, null when nothing is; a time already past is done at once. */
  next(): Promise<Date | null>;
  /** Done when a due time has come (the timer's, or one found past when read). */
  due(): Promise<void>;
  /** Whether a write announced on site-changes (its path, or '*') may have moved the next time. */
  hears(what: string): boolean;
  /** The longest wait before the next time is read again. */
  maxWaitMs: number;
}

/** Before the school is installed there are no tables to read: not worth a warning. */
const notInstalled = (err: unknown) => (err as { code?: string } | null)?.code === '42P01';

/**
 * One timer per instance for the next due time, with nobody visiting: set when the app is ready,
 * again after each write it hears (this instance's or another's, site-changes.ts) and at least
 * every `maxWaitMs`. A time found already past (the server was down then) is done at once.
 */
export function startDueClock(app: FastifyInstance, clock: DueClock) {
  let timer: NodeJS.Timeout | undefined;
  let reads = 0;
  let closed = false;

  async function arm() {
    const read = ++reads;
    let next: Date | null = null;
    try {
      next = await clock.next();
      if (next && next.getTime() <= Date.now() && !closed) {
        await clock.due();
        next = await clock.next();
        // Still due after doing it (a row the work could not take): look again in a minute, not in a loop.
        if (next && next.getTime() <= Date.now()) next = new Date(Date.now() + 60_000);
      }
    } catch (err) {
      if (notInstalled(err)) app.log.debug({ err }, `${clock.name}: nothing to read yet`);
      else app.log.warn({ err }, `${clock.name}: failed; trying again shortly`);
      // A failure tries again within a minute, not at the next write.
      next = new Date(Date.now() + Math.min(60_000, clock.maxWaitMs));
    }
    if (closed || read !== reads) return; // a later arm() read after this one
    clearTimeout(timer);
    const due = next?.getTime() ?? Infinity;
    timer = setTimeout(
      () => {
        if (Date.now() < due) return void arm();
        void clock
          .due()
          .catch((err: unknown) => app.log.warn({ err }, `${clock.name}: failed; trying again shortly`))
          .finally(() => void arm());
      },
      Math.max(0, Math.min(due - Date.now(), clock.maxWaitMs)),
    );
    timer.unref();
  }

  app.siteChanges.subscribe((what) => {
    if (what === '*' || clock.hears(what)) void arm();
  });
  app.addHook('onReady', arm);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
