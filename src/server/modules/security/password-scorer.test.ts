import { describe, expect, it } from 'vitest';
import { MIN_ZXCVBN_SCORE, PasswordScorer } from './password-policy.ts';

describe('the password scorer', () => {
  it('ends its worker when idle and starts one again for the next password', async () => {
    const scorer = new PasswordScorer(100);
    expect(await scorer.score('password1', [])).toBeLessThan(MIN_ZXCVBN_SCORE);
    expect(scorer.running).toBe(true);
    await expect.poll(() => scorer.running, { timeout: 5000 }).toBe(false);
    expect(await scorer.score('maple kite lantern harbour', [])).toBeGreaterThanOrEqual(MIN_ZXCVBN_SCORE);
    expect(scorer.running).toBe(true);
  });

  it('answers passwords asked together, none lost to an idle stop', async () => {
    const scorer = new PasswordScorer(1);
    const scores = await Promise.all(['secret-1', 'maple kite lantern harbour', 'qwerty'].map((p) => scorer.score(p, [])));
    expect(scores[0]).toBeLessThan(MIN_ZXCVBN_SCORE);
    expect(scores[1]).toBeGreaterThanOrEqual(MIN_ZXCVBN_SCORE);
    expect(scores[2]).toBeLessThan(MIN_ZXCVBN_SCORE);
    await new Promise((r) => setTimeout(r, 20));
    expect(await scorer.score('password', [])).toBeLessThan(MIN_ZXCVBN_SCORE);
  });
});
