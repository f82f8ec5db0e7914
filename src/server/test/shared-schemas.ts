import { z } from 'zod';

/** Every zod schema exported from src/shared/schemas, named `file Export` (tests walk them all). */
const modules = import.meta.glob<Record<string, unknown>>(['../../shared/schemas/*.ts', '!../../shared/schemas/*.test.ts'], {
  eager: true,
});
export const SHARED_SCHEMAS = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.split('/').pop()} ${name}`, schema })),
);

/** Every key any of the shared object schemas names, however deep (through pipes, unions, arrays). */
export const SHARED_FIELD_NAMES: readonly string[] = (() => {
  const names = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (schema: unknown) => {
    if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    for (const [key, child] of Object.entries((def.shape as Record<string, unknown> | undefined) ?? {})) {
      names.add(key);
      walk(child);
    }
    for (const key of ['in', 'out', 'innerType', 'schema', 'element', 'left', 'right']) walk(def[key]);
    for (const option of (def.options as unknown[] | undefined) ?? []) walk(option);
  };
  for (const { schema } of SHARED_SCHEMAS) walk(schema);
  return [...names];
})();
