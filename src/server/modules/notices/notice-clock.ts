import type { FastifyInstance } from 'fastify';
import { startDueClock } from '../scheduling/due-clock.ts';
import { nextNoticeChange } from './notices.service.ts';

/** The longest wait before the next start or end is read again (a notice written anywhere re-reads it at once). */
export const NOTICE_CLOCK_MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * Banners start and end by themselves, but public pages are kept (page-cache.ts) and their reads
 * remembered (public-data.ts) until a write. Each instance keeps a timer (due-clock.ts) for the
 * next time a published notice starts or ends and drops its kept pages then: no write to announce,
 * every instance does it on its own clock.
 */
export function startNoticeClock(app: FastifyInstance) {
  startDueClock(app, {
    name: 'notice clock',
    next: () => nextNoticeChange(app.db),
    due: async () => {
      if (app.hasDecorator('pageCache')) app.pageCache.clear();
    },
    hears: (what) => what.startsWith('/api/notices'),
    maxWaitMs: NOTICE_CLOCK_MAX_WAIT_MS,
  });
}
