import type { FastifyInstance } from 'fastify';
import { nextNoticeChange } from './notices.service.ts';

/** The longest wait before the next start or end is read again (a notice written anywhere re-reads it at once). */
export const NOTICE_CLOCK_MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * Banners start and end by themselves, but public pages are kept (page-cache.ts) and their reads
 * remembered (public-data.ts) until a write. Each instance keeps a timer for the next time a
 * published notice starts or ends and drops its kept pages then: no write to announce, every
 * instance does it on its own clock. The timer is set again after each notice write (this
 * instance's or another's, site-changes.ts) and at least every hour.
 */
export function startNoticeClock(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let reads = 0;
  let closed = false;

  async function arm() {
    const read = ++reads;
    let next: Date | null = null;
    try {
      next = await nextNoticeChange(app.db);
    } catch (err) {
      // Before the school is installed there is nothing to read; afterwards a failure tries again later.
      app.log.debug({ err }, 'could not read when the next notice starts or ends');
    }
    if (closed || read !== reads) return; // a later arm() read after this one
    clearTimeout(timer);
    const due = next?.getTime() ?? Infinity;
    timer = setTimeout(
      () => {
        if (Date.now() >= due && app.hasDecorator('pageCache')) app.pageCache.clear();
        void arm();
      },
      Math.max(0, Math.min(due - Date.now(), NOTICE_CLOCK_MAX_WAIT_MS)),
    );
    timer.unref();
  }

  app.siteChanges.subscribe((what) => {
    if (what === '*' || what.startsWith('/api/notices')) void arm();
  });
  app.addHook('onReady', arm);
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
