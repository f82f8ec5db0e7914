import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-client.ts';

/*
 * The one way a back-office form is bound to its zod schema (issue 30, docs/decisions/0018):
 * react-hook-form keeps the values, dirty state and field errors; the schema in src/shared (the
 * same one the server parses with) checks them before submit; the server's `{error, fields}`
 * answer lands on the same fields.
 */

/**
 * A form checked by `schema`, first when a field loses focus, then as it changes. `values` are
 * what the form holds (the schema's input); `submit` receives what the schema made of them.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    // The resolver's own types are written per zod major; the schema is checked the same either way.
    resolver: zodResolver(schema as never) as never,
    mode: 'onTouched',
    ...options,
  });
}

/** Any form of `useZodForm` (or `useForm`), whatever its values and what its schema makes of them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the submitted type plays no part here
type AnyForm<T extends FieldValues> = UseFormReturn<T, any, any>;

/**
 * Puts the server's field errors (`fields`: dotted path -> message) on the form's fields, the
 * keyboard on the first of them. Returns the message for what no field shows (the error's own, or
 * null when every one found its field), for a toast or an alert beside the form; with `otherwiseOn`,
 * that message goes on that field instead (a form of one field, say) and null is returned.
 */
export function showServerErrors<T extends FieldValues>(
  form: AnyForm<T>,
  error: unknown,
  otherwiseOn?: FieldPath<T>,
): string | null {
  const unshown = putOnFields(form, error);
  if (unshown === null || otherwiseOn === undefined) return unshown;
  form.setError(otherwiseOn, { type: 'server', message: unshown }, { shouldFocus: true });
  return null;
}

function putOnFields<T extends FieldValues>(form: AnyForm<T>, error: unknown): string | null {
  if (!(error instanceof ApiError)) return error instanceof Error ? error.message : 'Something went wrong.';
  const fields = Object.entries(error.fields ?? {});
  const known = new Set(Object.keys(form.getValues() as object));
  let unshown = fields.length === 0;
  let first = true;
  for (const [path, message] of fields) {
    if (path === '_' || !known.has(path.split('.')[0]!)) {
      unshown = true;
      continue;
    }
    form.setError(path as FieldPath<T>, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return unshown ? error.message : null;
}

/**
 * The message of a field's error, by its dotted path (arrays and nested objects included). Read
 * while drawing, it also subscribes the form to its errors, so the message shows when it comes.
 */
export function errorAt<T extends FieldValues>(
  form: Pick<AnyForm<T>, 'formState'>,
  path: FieldPath<T> | (string & {}),
): string | undefined {
  let node: unknown = form.formState.errors;
  for (const part of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}
