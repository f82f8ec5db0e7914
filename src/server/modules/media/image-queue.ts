import { AppError } from '../../errors.ts';

/**
 * Images are decoded one at a time (issue 29: eight 59-megapixel PNGs decoded at once took the
 * server to 1,040 MB; libuv's four threads ran four of them together). The others wait their
 * turn, first come first served, holding only their file's bytes (10 MB at most); past
 * `maxWaiting` a new one is refused rather than queued without end.
 */
export function jobQueue(running: number, maxWaiting: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(job: () => Promise<T>, busy: () => Error): Promise<T> {
    if (active < running) active++;
    else if (waiting.length >= maxWaiting) throw busy();
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await job();
    } finally {
      // The slot passes to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else active--;
    }
  };
}

export const IMAGES_AT_ONCE = 1;
export const IMAGES_WAITING = 64;

/** The server's one queue of image work. */
export const imageQueue = jobQueue(IMAGES_AT_ONCE, IMAGES_WAITING);

export const busyWithImages = () =>
  new AppError(503, 'BUSY', 'The server is busy with other images. Try this one again in a minute.');
