import { notFound } from '../../errors.ts';

/** A route's numeric id; anything else (or out of range) is a 404 for `what`. */
export function idParam(value: unknown, what: string): number {
  const s = String(value ?? '');
  const id = /^\d{1,10}$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound(what);
  return id;
}

/** A unique constraint refused the write (a race two checks could not see). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** Runs a write, turning a unique violation into the given AppError. */
export async function uniqueOr<T>(write: () => Promise<T>, conflictError: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflictError();
    throw error;
  }
}
