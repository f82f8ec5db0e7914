import { useRef, type FormEvent } from 'react';
import { Honeypot } from '#client/components/public/form-field.tsx';
import { NEWSLETTER_TOPICS, TOPIC_LABELS, type SubscribeSource } from '#shared/schemas/newsletter-options.ts';
import { useSubscribeForm } from './use-subscribe-form.ts';

const TONES = {
  dark: {
    text: 'text-slate-200',
    hint: 'text-slate-300',
    error: 'text-red-300',
    done: 'bg-green-900/60 text-green-100 ring-green-400/40',
    summary: 'bg-red-950/70 text-red-100 ring-red-400/40',
    input: 'border-slate-500',
  },
  light: {
    text: 'text-slate-800',
    hint: 'text-slate-600',
    error: 'text-red-700',
    done: 'bg-green-50 text-green-900 ring-green-200',
    summary: 'bg-red-50 text-red-800 ring-red-200',
    input: 'border-slate-300',
  },
} as const;

/**
 * The newsletter's subscribe form (issue 33): an address, the topics, and the branch when the
 * school has more than one. Drawn on the server with the page and brought to life by hydration, as
 * the enquiry forms are; ids are fixed per place (`source`) so the footer's kept HTML matches.
 */
export function SubscribeForm({
  source,
  branches,
  labelledBy,
  tone = 'light',
}: {
  source: SubscribeSource;
  branches: readonly string[];
  /** The heading that names the form (each form on a page its own name). */
  labelledBy: string;
  tone?: keyof typeof TONES;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSubscribeForm(source, formRef);
  const c = TONES[tone];
  const id = (name: string) => `newsletter-${source}-${name}`;
  const described = (name: 'email' | 'topics' | 'branch') =>
    form.errors[name] ? { 'aria-describedby': id(`${name}-error`) } : {};
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit();
  };
  const fieldError = (name: 'email' | 'topics' | 'branch') =>
    form.errors[name] && (
      <p id={id(`${name}-error`)} className={`mt-1.5 text-sm font-semibold ${c.error}`}>
        {form.errors[name]}
      </p>
    );

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={form.seen}
      aria-labelledby={labelledBy}
      className={`relative space-y-4 ${c.text}`}
    >
      <div role="status">
        {form.done && (
          <p className={`rounded-2xl p-4 font-semibold ring-1 ${c.done}`}>
            {form.done}. We have sent you a link: nothing is sent until you click it.
          </p>
        )}
      </div>
      {form.summary && (
        <p data-form-summary tabIndex={-1} role="alert" className={`rounded-2xl p-4 font-semibold ring-1 ${c.summary}`}>
          {form.summary}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex-1">
          <label htmlFor={id('email')} className="block font-bold">
            Your e-mail address
          </label>
          <input
            id={id('email')}
            data-field="email"
            name="email"
            type="email"
            required
            autoComplete="email"
            value={form.email}
            onChange={(e) => form.setEmail(e.target.value)}
            aria-invalid={Boolean(form.errors.email)}
            {...described('email')}
            className={`mt-1.5 block w-full rounded-2xl border-2 ${c.input} bg-white px-4 py-3 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus-visible:outline-3 focus-visible:outline-blue-600 aria-[invalid=true]:border-red-600`}
          />
          {fieldError('email')}
        </div>
        {branches.length > 1 && (
          <div>
            <label htmlFor={id('branch')} className="block font-bold">
              Branch
            </label>
            <select
              id={id('branch')}
              data-field="branch"
              name="branch"
              value={form.branch}
              onChange={(e) => form.setBranch(e.target.value)}
              aria-invalid={Boolean(form.errors.branch)}
              {...described('branch')}
              className={`mt-1.5 block min-h-[3.25rem] w-full rounded-2xl border-2 ${c.input} bg-white px-4 py-3 text-slate-900`}
            >
              <option value="">All branches</option>
              {branches.map((b) => (
                <option key={b} value={b}>
                  {b}
                </option>
              ))}
            </select>
            {fieldError('branch')}
          </div>
        )}
      </div>
      <fieldset {...described('topics')}>
        <legend className="font-bold">I’d like to hear about</legend>
        <div className="mt-1 flex flex-wrap gap-x-6">
          {NEWSLETTER_TOPICS.map((topic, i) => (
            <div key={topic} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                id={id(topic)}
                data-field={i === 0 ? 'topics' : undefined}
                name={`topic-${topic}`}
                value={topic}
                checked={form.topics.includes(topic)}
                onChange={(e) => form.toggle(topic, e.target.checked)}
                className="h-5 w-5 accent-brand-600"
              />
              <label htmlFor={id(topic)}>{TOPIC_LABELS[topic]}</label>
            </div>
          ))}
        </div>
        {fieldError('topics')}
      </fieldset>
      <Honeypot value={form.honeypot} onChange={(e) => form.setHoneypot(e.target.value)} />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          disabled={form.sending}
          className="rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow hover:bg-brand-700 disabled:opacity-70"
        >
          {form.sending ? 'Subscribing…' : 'Subscribe'}
        </button>
        <p className={`text-sm ${c.hint}`}>We send a link to confirm. Unsubscribe in one click from any e-mail.</p>
      </div>
    </form>
  );
}
