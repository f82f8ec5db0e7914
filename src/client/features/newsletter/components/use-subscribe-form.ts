import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { missingFields } from '#client/components/public/form-field.tsx';
import { ApiError } from '#client/lib/api-client.ts';
import { NEWSLETTER_TOPICS, type NewsletterTopic, type SubscribeSource } from '#shared/schemas/newsletter-options.ts';
import { getNewsletterToken } from '../api/get-newsletter-token.ts';
import { subscribeToNewsletter } from '../api/subscribe.ts';

const NETWORK_ERROR = 'Network error: please check your connection and try again.';
const NO_TOPIC = 'Choose at least one: news or events.';

/**
 * The subscribe form's state: the address, topics and branch, field errors and a summary, the
 * honeypot and the server's token of when the form was seen (asked for once the form scrolls into
 * view or is used, so a page view that never reaches the footer asks nothing).
 */
export function useSubscribeForm(source: SubscribeSource, formRef: RefObject<HTMLFormElement | null>) {
  const [email, setEmail] = useState('');
  const [topics, setTopics] = useState<NewsletterTopic[]>([...NEWSLETTER_TOPICS]);
  const [branch, setBranch] = useState('');
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<{ email?: string; topics?: string; branch?: string }>({});
  const [summary, setSummary] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const token = useRef<Promise<string> | null>(null);

  const requestToken = useCallback(() => {
    const request = getNewsletterToken();
    request.catch(() => undefined); // reported when the form is sent
    token.current = request;
    return request;
  }, []);
  const seen = useCallback(() => {
    if (!token.current) void requestToken();
  }, [requestToken]);
  useEffect(() => {
    const form = formRef.current;
    if (!form || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) {
        seen();
        observer.disconnect();
      }
    });
    observer.observe(form);
    return () => observer.disconnect();
  }, [formRef, seen]);

  const toggle = (topic: NewsletterTopic, on: boolean) => {
    setTopics((now) => NEWSLETTER_TOPICS.filter((t) => (t === topic ? on : now.includes(t))));
    setErrors(({ topics: _, ...rest }) => rest);
  };

  /** Field errors are shown at their fields (the first takes focus); anything else in the summary. */
  const fail = (fields: typeof errors, message: string | null) => {
    setErrors(fields);
    setSummary(message);
    const first = fields.email ? 'email' : fields.topics ? 'topics' : fields.branch ? 'branch' : null;
    requestAnimationFrame(() => {
      const target = first ? formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`) : null;
      (target ?? formRef.current?.querySelector<HTMLElement>('[data-form-summary]'))?.focus();
    });
  };

  const submit = async () => {
    const local: typeof errors = missingFields({ email }, { email: 'Your e-mail address' });
    if (!topics.length) local.topics = NO_TOPIC;
    if (local.email || local.topics) return fail(local, null);
    setSending(true);
    setSummary(null);
    setDone(null);
    try {
      const formToken = await (token.current ?? requestToken()).catch(requestToken);
      const sent = await subscribeToNewsletter({
        email: email.trim(),
        branch: branch || null,
        topics,
        source,
        website: honeypot,
        formToken,
      });
      setErrors({});
      setEmail('');
      setDone(sent.message);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status === 0) return fail({}, NETWORK_ERROR);
      // An expired or refused token: a fresh one lets the next try through without a reload.
      if ((error.body as { code?: unknown } | undefined)?.code === 'FORM_TOKEN_INVALID') void requestToken();
      const fields = error.fields ?? {};
      const shown = { email: fields.email, topics: fields.topics, branch: fields.branch };
      fail(shown, shown.email || shown.topics || shown.branch ? null : error.message);
    } finally {
      setSending(false);
    }
  };

  return {
    email,
    setEmail,
    topics,
    toggle,
    branch,
    setBranch,
    honeypot,
    setHoneypot,
    errors,
    summary,
    done,
    sending,
    submit,
    seen,
  };
}
