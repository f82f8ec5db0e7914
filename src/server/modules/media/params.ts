import { notFound } from '../../errors.ts';

/** A route's numeric id; anything else (or out of range) is a 404 for `what`. */
export function idParam(value: unknown, what: string): number {
  const s = String(value ?? '');
  const id = /^\d{1,10}$/.test(s) ? Number(s) : NaN;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2 ** 31 - 1) throw notFound(what);
  return id;
}
