import { describe, expect, it } from 'vitest';
import { jobQueue } from './image-queue.ts';

const later = () => {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  return { gate, open };
};

describe('jobQueue', () => {
  it('runs at most its size at once, the others in the order they came, and refuses past its waiting room', async () => {
    const run = jobQueue(1, 2);
    const busy = () => new Error('busy');
    const order: string[] = [];
    const first = later();
    const a = run(async () => (order.push('a'), await first.gate, 'a'), busy);
    const b = run(async () => (order.push('b'), 'b'), busy);
    const c = run(async () => (order.push('c'), 'c'), busy);
    await expect(run(async () => 'd', busy)).rejects.toThrow('busy');
    await Promise.resolve();
    expect(order).toEqual(['a']);
    first.open();
    expect(await Promise.all([a, b, c])).toEqual(['a', 'b', 'c']);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('passes the turn on after a job that fails', async () => {
    const run = jobQueue(1, 5);
    const failing = run(async () => {
      throw new Error('broken');
    }, Error);
    const next = run(async () => 'next', Error);
    await expect(failing).rejects.toThrow('broken');
    expect(await next).toBe('next');
    expect(await run(async () => 'again', Error)).toBe('again');
  });
});
