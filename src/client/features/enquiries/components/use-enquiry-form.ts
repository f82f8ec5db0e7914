import { useEffect, useRef, useState } from 'react';
import { ApiError } from '#client/lib/api-client.ts';
import type { EnquiryType } from '#shared/schemas/enquiry-options.ts';
import { submitEnquiry } from '../api/submit-enquiry.ts';
import { missingFields } from './form-field.tsx';

const elapsedSince = (start: number) => Date.now() - start;

/**
 * State of one enquiry form: values, field errors, a summary for a failed submit (what the parent
 * typed is kept), the honeypot and the time the form was shown (spam defences).
 */
export function useEnquiryForm<T extends Record<string, string>>(
  type: EnquiryType,
  initial: T,
  labels: Record<keyof T & string, string>,
) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [honeypot, setHoneypot] = useState('');
  const startedAt = useRef(0);
  useEffect(() => {
    startedAt.current = elapsedSince(0);
  }, []);

  const set = (key: keyof T & string, value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  /** Validates, sends, and returns true on success. Focuses the first invalid field otherwise. */
  const submit = async (form: HTMLFormElement): Promise<boolean> => {
    const local = missingFields(values, labels);
    if (Object.keys(local).length > 0) return fail(form, local, 'Please fix the highlighted fields and send again.');
    setSending(true);
    setSummary(null);
    try {
      await submitEnquiry(type, { ...values, website: honeypot, elapsedMs: elapsedSince(startedAt.current) });
      setErrors({});
      return true;
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      const message =
        error instanceof ApiError && error.status !== 400 ? error.message : 'Please fix the highlighted fields and send again.';
      return fail(
        form,
        fields,
        error instanceof ApiError && error.status === 0 ? 'Network error: please check your connection and try again.' : message,
      );
    } finally {
      setSending(false);
    }
  };

  const fail = (form: HTMLFormElement, fields: Record<string, string>, message: string) => {
    setErrors(fields);
    setSummary(message);
    const first = Object.keys(fields)[0];
    requestAnimationFrame(() => {
      const target = first ? form.querySelector<HTMLElement>(`[name="${first}"]`) : null;
      (target ?? form.querySelector<HTMLElement>('[data-form-summary]'))?.focus();
    });
    return false;
  };

  return { values, setValues, set, errors, summary, sending, submit, honeypot, setHoneypot };
}
