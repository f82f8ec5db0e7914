import type { ReactNode } from 'react';
import { Logo } from '#client/components/layout/logo.tsx';
import { TOPIC_LABELS, type NewsletterTopic } from '#shared/schemas/newsletter-options.ts';

/**
 * The newsletter's pages that a link in an e-mail opens (issue 33): drawn on the server only, with
 * the public stylesheet and no script (a confirmation, the unsubscribe button), like the family area's.
 */

const button =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-leaf-700 px-5 py-2.5 font-bold text-white hover:bg-leaf-500 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

function NewsletterFrame({ schoolName, children }: { schoolName: string; children: ReactNode }) {
  return (
    <>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center px-4 py-3">
          <a href="/" className="flex items-center gap-2 text-lg font-extrabold text-slate-900">
            <Logo size={32} />
            <span>{schoolName}</span>
          </a>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-md px-4 py-10">
        {children}
      </main>
    </>
  );
}

const topicList = (topics: readonly NewsletterTopic[]) =>
  topics
    .map((t) => TOPIC_LABELS[t].toLowerCase())
    .join(' and ')
    .replace(/^./, (c) => c.toUpperCase());

/** A page of one outcome: its heading, the outcome read out (status or alert), what to know, and the way home. */
function NewsletterMessage({
  schoolName,
  title,
  outcome,
  error = false,
  children,
}: {
  schoolName: string;
  title: string;
  outcome: string;
  error?: boolean;
  children: ReactNode;
}) {
  return (
    <NewsletterFrame schoolName={schoolName}>
      <h1 className="text-3xl font-extrabold text-slate-900">{title}</h1>
      <p
        role={error ? 'alert' : 'status'}
        className={`mt-4 rounded-2xl px-4 py-3 font-semibold ${error ? 'bg-red-50 text-red-800' : 'bg-green-50 text-green-900'}`}
      >
        {outcome}
      </p>
      {children}
    </NewsletterFrame>
  );
}

const homeLink = (
  <a href="/" className="font-semibold text-brand-700 underline">
    Back to the website
  </a>
);

/** A confirmation link opened: subscribed, with what was chosen and the way to leave. */
export function NewsletterSubscribedPage({
  schoolName,
  topics,
  branch,
  unsubscribeHref,
}: {
  schoolName: string;
  topics: NewsletterTopic[];
  branch: string | null;
  unsubscribeHref: string;
}) {
  return (
    <NewsletterMessage
      schoolName={schoolName}
      title="You’re subscribed"
      outcome={`Thank you: your subscription to ${schoolName} is confirmed.`}
    >
      <p className="mt-4 text-slate-700">
        You will receive: {topicList(topics)}
        {branch ? `, for ${branch}` : ''}. Every e-mail has a link to unsubscribe in one click.
      </p>
      <p className="mt-6 flex flex-wrap gap-4">
        {homeLink}
        <a href={unsubscribeHref} className="font-semibold text-slate-700 underline">
          Unsubscribe
        </a>
      </p>
    </NewsletterMessage>
  );
}

/**
 * A confirmation link opened: one button records the consent. A mail scanner that opens every
 * link (as many companies' mail filters do) must not subscribe anybody.
 */
export function NewsletterConfirmPage({ schoolName, action }: { schoolName: string; action: string }) {
  return (
    <NewsletterFrame schoolName={schoolName}>
      <h1 className="text-3xl font-extrabold text-slate-900">Confirm your subscription</h1>
      <p className="mt-4 text-slate-700">Receive the newsletter of {schoolName} at this address?</p>
      <form method="post" action={action} className="mt-6">
        <button type="submit" className={button}>
          Yes, subscribe me
        </button>
      </form>
    </NewsletterFrame>
  );
}

/** An unsubscribe link opened: one button (a mail scanner opening the link unsubscribes nobody). */
export function NewsletterUnsubscribePage({ schoolName, action }: { schoolName: string; action: string }) {
  return (
    <NewsletterFrame schoolName={schoolName}>
      <h1 className="text-3xl font-extrabold text-slate-900">Unsubscribe</h1>
      <p className="mt-4 text-slate-700">Stop receiving the newsletter of {schoolName} at this address?</p>
      <form method="post" action={action} className="mt-6">
        <button type="submit" className={button}>
          Unsubscribe
        </button>
      </form>
    </NewsletterFrame>
  );
}

/** Unsubscribed: never mailed by the newsletter again. */
export function NewsletterUnsubscribedPage({ schoolName }: { schoolName: string }) {
  return (
    <NewsletterMessage
      schoolName={schoolName}
      title="You’re unsubscribed"
      outcome={`You will not receive the newsletter of ${schoolName} any more.`}
    >
      <p className="mt-4 text-slate-700">Changed your mind? You can subscribe again at the bottom of any page of our website.</p>
      <p className="mt-6">{homeLink}</p>
    </NewsletterMessage>
  );
}

/** A forged, damaged or expired link, or one for an address that is not held: the same words every time. */
export function NewsletterLinkInvalidPage({ schoolName }: { schoolName: string }) {
  return (
    <NewsletterMessage schoolName={schoolName} title="This link is no longer valid" outcome="This link is no longer valid." error>
      <p className="mt-4 text-slate-700">
        A confirmation link works for a week. To subscribe, fill in the form at the bottom of any page of our website again.
      </p>
      <p className="mt-6">{homeLink}</p>
    </NewsletterMessage>
  );
}
