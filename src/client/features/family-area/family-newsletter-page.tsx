import { formatLongDate } from '#shared/dates.ts';
import { NEWSLETTER_TOPICS, TOPIC_LABELS, type NewsletterTopic } from '#shared/schemas/newsletter-options.ts';
import { FamilyLayout, type FamilySchool, type FamilyViewer } from './family-pages.tsx';

/** The parent's newsletter subscription as the page shows it. */
export interface FamilySubscription {
  /** Whether the newsletter is sent to the parent's address now. */
  subscribed: boolean;
  topics: NewsletterTopic[];
  branch: string | null;
  /** ISO: when they agreed. */
  consentAt: string | null;
}

const button =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-leaf-700 px-5 py-2.5 font-bold text-white hover:bg-leaf-500 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
const quietButton =
  'inline-flex min-h-11 items-center rounded-full px-4 py-2 font-semibold text-slate-700 underline hover:text-brand-700 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700';

/**
 * The family area's Newsletter page (issue 33): the signed-in parent's subscription for their own
 * address, changed with a form (no confirmation e-mail: the sign-in proved the address).
 */
export function FamilyNewsletterPage({
  school,
  viewer,
  email,
  subscription,
  branches,
  saved,
  error,
}: {
  school: FamilySchool;
  viewer: FamilyViewer;
  /** The parent's address; null when the school holds none for them. */
  email: string | null;
  subscription: FamilySubscription;
  branches: string[];
  saved?: string;
  error?: string;
}) {
  const chosen = subscription.subscribed ? subscription.topics : NEWSLETTER_TOPICS;
  return (
    <FamilyLayout school={school} viewer={viewer} current="/family/newsletter">
      <h1 className="text-3xl font-extrabold text-slate-900">Newsletter</h1>
      <p className="mt-2 max-w-prose text-slate-700">
        News from {school.name} by e-mail: new posts on our blog, and the events coming up. You can change your choices or leave
        at any time.
      </p>
      <div className="mt-6">
        {saved && (
          <p role="status" className="mb-6 rounded-2xl bg-green-50 px-4 py-3 font-semibold text-green-900">
            {saved}
          </p>
        )}
        {error && (
          <p role="alert" className="mb-6 rounded-2xl bg-red-50 px-4 py-3 font-semibold text-red-800">
            {error}
          </p>
        )}
      </div>
      {!email ? (
        <p className="text-slate-700">The school has no e-mail address for you. Ask the school to add one.</p>
      ) : (
        <section
          aria-labelledby="newsletter-state"
          className="max-w-xl rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
        >
          <h2 id="newsletter-state" className="text-xl font-bold text-slate-900">
            {subscription.subscribed ? 'You are subscribed' : 'You are not subscribed'}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Sent to {email}
            {subscription.subscribed && subscription.consentAt
              ? `, since ${formatLongDate(subscription.consentAt, school.timeZone)}.`
              : '.'}
          </p>
          <form method="post" action="/family/newsletter" className="mt-4 flex flex-col gap-4">
            <fieldset>
              <legend className="font-semibold text-slate-900">What would you like to hear about?</legend>
              {NEWSLETTER_TOPICS.map((topic) => (
                <div key={topic} className="flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    id={`newsletter-${topic}`}
                    name={topic}
                    value="yes"
                    defaultChecked={chosen.includes(topic)}
                    className="h-5 w-5"
                  />
                  <label htmlFor={`newsletter-${topic}`}>{TOPIC_LABELS[topic]}</label>
                </div>
              ))}
            </fieldset>
            {branches.length > 1 && (
              <div className="flex flex-col gap-1">
                <label htmlFor="newsletter-branch" className="font-semibold text-slate-900">
                  Branch
                </label>
                <select
                  id="newsletter-branch"
                  name="branch"
                  defaultValue={subscription.branch ?? ''}
                  className="min-h-11 rounded-xl border border-slate-400 bg-white px-3 py-2"
                >
                  <option value="">All branches</option>
                  {branches.map((b) => (
                    <option key={b} value={b}>
                      {b}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="flex flex-wrap gap-2">
              <button type="submit" name="action" value="save" className={button}>
                {subscription.subscribed ? 'Save my choices' : 'Subscribe'}
              </button>
              {subscription.subscribed && (
                <button type="submit" name="action" value="leave" className={quietButton}>
                  Unsubscribe
                </button>
              )}
            </div>
          </form>
        </section>
      )}
    </FamilyLayout>
  );
}
