import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '#client/lib/api-client.ts';
import type { EnquiryType } from '#shared/schemas/enquiry-options.ts';
import { getFormToken } from '../api/get-form-token.ts';
import { submitEnquiry } from '../api/submit-enquiry.ts';
import { missingFields } from '#client/components/public/form-field.tsx';

const FIX_FIELDS = 'Please fix the highlighted fields and send again.';
const NETWORK_ERROR = 'Network error: please check your connection and try again.';
const TOKEN_ERROR = 'The form could not be prepared for sending. Please check your connection and send it again.';

/**
 * State of one enquiry form: values, field errors, a summary for a failed submit (what the parent
 * typed is kept), the honeypot and the server's token of when the form was shown (spam defences).
 */
export function useEnquiryForm<T extends Record<string, string>>(
  type: EnquiryType,
  initial: T,
  labels: Record<keyof T & string, string>,
) {
  const [values, setValues] = useState<T>(initial);
  // The page is readable and its fields typeable before its script runs: what a parent typed then
  // is in the fields, not in the state, and the next render would write the empty state over it.
  // The form's ref adopts it when React attaches to the form (hydration), before the next paint.
  const [keys] = useState(() => Object.keys(initial));
  const attach = useCallback(
    (form: HTMLFormElement | null) => {
      if (!form) return;
      const typed: Record<string, string> = {};
      for (const key of keys) {
        const field = form.elements.namedItem(key);
        if (field && 'value' in field && typeof field.value === 'string' && field.value !== '') typed[key] = field.value;
      }
      if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
    },
    [keys],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const token = useRef<Promise<string> | null>(null);
  const requestToken = useCallback(() => {
    const request = getFormToken(type);
    request.catch(() => undefined); // A failure is reported when the parent sends the form.
    token.current = request;
    return request;
  }, [type]);
  useEffect(() => {
    if (!token.current) void requestToken();
  }, [requestToken]);

  const set = (key: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  /** Validates, sends, and returns the answer (the reference) on success; false and focus on the first invalid field otherwise. */
  const submit = async (form: HTMLFormElement): Promise<{ reference?: string } | false> => {
    const local = missingFields(values, labels);
    if (Object.keys(local).length > 0) return fail(form, local, FIX_FIELDS);
    setSending(true);
    setSummary(null);
    try {
      // A token that could not be fetched is asked for once more; the server then judges the timing.
      const formToken = await (token.current ?? requestToken()).catch(requestToken).catch(() => null);
      if (formToken === null) return fail(form, {}, TOKEN_ERROR);
      const sent = await submitEnquiry(type, { ...values, website: honeypot, formToken });
      setErrors({});
      return { reference: sent.data.reference };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) return fail(form, {}, NETWORK_ERROR);
      // An expired or refused token: a fresh one lets the next try through without a reload.
      if ((error.body as { code?: unknown } | undefined)?.code === 'FORM_TOKEN_INVALID') void requestToken();
      const fields = error.fields ?? {};
      return fail(form, fields, error.status === 400 && Object.keys(fields).length > 0 ? FIX_FIELDS : error.message);
    } finally {
      setSending(false);
    }
  };

  const fail = (form: HTMLFormElement, fields: Record<string, string>, message: string): false => {
    setErrors(fields);
    setSummary(message);
    const first = Object.keys(fields)[0];
    requestAnimationFrame(() => {
      const target = first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      (target ?? form.querySelector<HTMLElement>('[data-form-summary]'))?.focus();
    });
    return false;
  };

  return { attach, values, setValues, set, errors, summary, sending, submit, honeypot, setHoneypot };
}
