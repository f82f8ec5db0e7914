import { SUBMISSIONS_PER_HOUR } from '../../../shared/schemas/enquiry-options.ts';
import { AppError } from '../../errors.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Spam defences without a third-party service: a per-IP limit (both forms together); the minimum
 * fill time (form-token.ts) and the honeypot field are checked by the caller.
 */
export class SubmissionGuard {
  private readonly seen = new Map<string, number[]>();

  constructor(private readonly perHour = SUBMISSIONS_PER_HOUR) {}

  /** Throws 429 when this IP has sent too much in the last hour; otherwise counts this one. */
  admit(ip: string, now = Date.now()) {
    const recent = (this.seen.get(ip) ?? []).filter((t) => now - t < HOUR);
    if (recent.length >= this.perHour) {
      const retryAfter = Math.ceil((recent[0]! + HOUR - now) / 1000);
      throw new AppError(
        429,
        'TOO_MANY_SUBMISSIONS',
        'We have received several forms from your network in the last hour. Please try again later, or call us.',
        { retryAfter },
      );
    }
    recent.push(now);
    this.seen.set(ip, recent);
    if (this.seen.size > 10_000) this.prune(now);
  }

  private prune(now: number) {
    for (const [ip, times] of this.seen) if (times.every((t) => now - t >= HOUR)) this.seen.delete(ip);
  }
}
