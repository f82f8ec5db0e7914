import { Icon } from '#client/components/public/icon.tsx';
import { MailCheck } from '#client/components/public/icons.ts';
import { useRef, type FormEvent } from 'react';
import { SmallDialog } from '#client/components/public/small-dialog.tsx';
import { FormField, Honeypot, inputClass } from '#client/components/public/form-field.tsx';
import { useEnquiryForm } from './use-enquiry-form.ts';

const EMPTY = { name: '', email: '', message: '' };
const LABELS = { name: 'Name', email: 'E-mail', message: 'Message' };
// §5: each field carries this hint.
const HINT = '* This field is required';

export function ContactForm() {
  const { attach, ...form } = useEnquiryForm('contact', EMPTY, LABELS);
  const dialog = useRef<HTMLDialogElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await form.submit(event.currentTarget)) {
      form.setValues(EMPTY);
      dialog.current?.showModal();
    }
  };
  const close = () => {
    dialog.current?.close();
    submitButton.current?.focus();
  };

  return (
    <>
      <form ref={attach} noValidate onSubmit={onSubmit} className="relative space-y-5" aria-label="Contact form">
        {form.summary && (
          <p
            data-form-summary
            tabIndex={-1}
            role="alert"
            className="rounded-2xl bg-red-50 p-4 font-semibold text-red-800 ring-1 ring-red-200"
          >
            {form.summary}
          </p>
        )}
        <FormField label="Your Name" error={form.errors.name} hint={HINT}>
          {(a11y) => (
            <input
              {...a11y}
              name="name"
              type="text"
              required
              autoComplete="name"
              value={form.values.name}
              onChange={(e) => form.set('name', e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Your Email" error={form.errors.email} hint={HINT}>
          {(a11y) => (
            <input
              {...a11y}
              name="email"
              type="email"
              required
              autoComplete="email"
              value={form.values.email}
              onChange={(e) => form.set('email', e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <FormField label="Your Message" error={form.errors.message} hint={HINT}>
          {(a11y) => (
            <textarea
              {...a11y}
              name="message"
              required
              rows={5}
              value={form.values.message}
              onChange={(e) => form.set('message', e.target.value)}
              className={inputClass}
            />
          )}
        </FormField>
        <Honeypot value={form.honeypot} onChange={(e) => form.setHoneypot(e.target.value)} />
        <button
          ref={submitButton}
          type="submit"
          disabled={form.sending}
          className="w-full rounded-full bg-brand-600 px-8 py-3.5 text-lg font-bold text-white shadow-lg transition hover:bg-brand-700 disabled:opacity-70 sm:w-auto"
        >
          {form.sending ? 'Sending…' : 'Send Message'}
        </button>
      </form>
      <SmallDialog
        dialogRef={dialog}
        labelledBy="message-sent-title"
        describedBy="message-sent-text"
        onClose={close}
        className="w-[min(92vw,28rem)] text-center"
      >
        <span className="mx-auto inline-flex h-16 w-16 items-center justify-center rounded-full bg-green-100" aria-hidden="true">
          <Icon icon={MailCheck} size={32} className="text-leaf-700" />
        </span>
        <h2 id="message-sent-title" className="mt-3 text-2xl font-black text-slate-900">
          Message Sent!
        </h2>
        <p id="message-sent-text" className="mt-2 text-slate-700">
          Thank you for reaching out. We&apos;ll get back to you soon!
        </p>
        <button
          type="button"
          onClick={close}
          className="mt-6 rounded-full bg-brand-600 px-8 py-3 font-bold text-white hover:bg-brand-700"
        >
          Close
        </button>
      </SmallDialog>
    </>
  );
}
