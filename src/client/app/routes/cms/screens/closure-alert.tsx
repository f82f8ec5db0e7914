import { ArrowLeft, Siren } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { useEmailNotice, useRecipientCount, useSaveNotice } from '#client/features/notices/api/notices.ts';
import { MailingProgress } from '#client/features/notices/components/mailing-progress.tsx';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { formatTime, formatWeekdayDate } from '#shared/dates.ts';
import { endOfToday, NOTICE_BODY_MAX, NOTICE_TITLE_MAX, noticeFormSchema, type Notice } from '#shared/schemas/notice.ts';
import type { SchoolProfile } from '#shared/schemas/school.ts';

/** Texts ready to send: `place` is the branch's or the school's name, `day` today's date on the school's clock. */
const PREPARED = [
  {
    key: 'snow',
    label: 'Closed today: snow',
    title: (place: string, day: string) => `${place} is closed today, ${day}: snow`,
    body: (place: string, day: string) =>
      `Because of snow, ${place} is closed today, ${day}. Please keep your child at home. We will tell you as soon as we open again.`,
  },
  {
    key: 'heating',
    label: 'Closed today: heating failure',
    title: (place: string, day: string) => `${place} is closed today, ${day}: heating failure`,
    body: (place: string, day: string) =>
      `The heating has failed, so ${place} is closed today, ${day}. Please keep your child at home. We will tell you as soon as it is mended.`,
  },
  {
    key: 'power',
    label: 'Closed today: power cut',
    title: (place: string, day: string) => `${place} is closed today, ${day}: power cut`,
    body: (place: string, day: string) =>
      `There is no electricity, so ${place} is closed today, ${day}. Please keep your child at home. We will tell you as soon as it is back.`,
  },
  {
    key: 'late',
    label: 'Opening late at 10:00',
    title: (place: string, day: string) => `${place} opens late today, ${day}, at 10:00`,
    body: (place: string, day: string) =>
      `${place} opens at 10:00 today, ${day}, instead of the usual time. Please bring your child from 10:00.`,
  },
] as const;
type PreparedKey = (typeof PREPARED)[number]['key'] | 'own';

const choice =
  'flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white px-4 py-2 text-base text-slate-900 has-[:checked]:border-red-700 has-[:checked]:bg-red-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-700';

/**
 * The closure alert (issue 33), made for a phone: choose the branch, a prepared text (today's date
 * filled in) or one's own, and one button publishes the banner and e-mails every family of the
 * branch (or the whole school), then shows the e-mail's progress.
 */
export default function ClosureAlertScreen() {
  const { data: school, isError } = useSchoolProfile();
  if (isError) return <p className="text-center text-red-700">The school profile could not be loaded. Please try again.</p>;
  if (!school) return <p className="text-center text-slate-600">Loading...</p>;
  return <ClosureAlert school={school} />;
}

function ClosureAlert({ school }: { school: SchoolProfile }) {
  const timeZone = school.timezone;
  const day = formatWeekdayDate(new Date(), timeZone);
  const [branch, setBranch] = useState('');
  const [prepared, setPrepared] = useState<PreparedKey>('snow');
  const [sent, setSent] = useState<{ notice: Notice; mailing?: { mailingId: number; recipients: number }; mailError?: string }>();
  const schema = useMemo(() => noticeFormSchema(timeZone), [timeZone]);
  const place = branch || school.name;
  const text = (key: PreparedKey) => PREPARED.find((p) => p.key === key);
  const form = useZodForm(schema, {
    defaultValues: {
      title: PREPARED[0].title(school.name, day),
      body: PREPARED[0].body(school.name, day),
      urgency: 'closure',
      audience: 'everyone',
      audienceBranch: null,
      audienceProgramme: null,
      startsAt: '',
      endsAt: endOfToday(timeZone),
    },
  });
  const save = useSaveNotice(null);
  const email = useEmailNotice();
  const count = useRecipientCount({
    urgency: 'closure',
    audience: branch ? 'branch' : 'everyone',
    audienceBranch: branch || null,
  });

  /** The branch and the prepared text fill in the words (one's own words are left as typed). */
  const choose = (nextBranch: string, key: PreparedKey) => {
    setBranch(nextBranch);
    setPrepared(key);
    form.setValue('audience', nextBranch ? 'branch' : 'everyone');
    form.setValue('audienceBranch', nextBranch || null);
    const words = text(key);
    if (!words) return;
    const where = nextBranch || school.name;
    form.setValue('title', words.title(where, day), { shouldValidate: form.formState.isSubmitted });
    form.setValue('body', words.body(where, day), { shouldValidate: form.formState.isSubmitted });
  };

  const startEmail = async (notice: Notice) => {
    try {
      setSent({ notice, mailing: await email.mutateAsync(notice.id) });
    } catch (err) {
      setSent({ notice, mailError: err instanceof ApiError ? err.message : 'The e-mail could not be started.' });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    let notice: Notice;
    try {
      notice = await save.mutateAsync({ ...values, published: true });
    } catch (err) {
      showServerErrors(form, err, 'title');
      return;
    }
    await startEmail(notice);
  });

  if (sent) return <Sent {...sent} timeZone={timeZone} place={place} retry={() => void startEmail(sent.notice)} />;
  const busy = save.isPending || email.isPending;
  return (
    <div className="mx-auto max-w-xl">
      <Link
        to="/cms/notices"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Notices
      </Link>
      <h1 className="text-2xl font-bold text-slate-900">Closure alert</h1>
      <p className="mt-1 text-sm text-slate-700">
        Shows a red banner until the end time and e-mails every family of the branch, whether or not they subscribed.
      </p>
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 space-y-6">
        {school.branches.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-base font-semibold text-slate-900">Which branch?</legend>
            <div className="grid gap-2">
              {[{ name: '', label: 'The whole school' }, ...school.branches.map((b) => ({ name: b.name, label: b.name }))].map(
                (b) => (
                  <label key={b.name || 'all'} className={choice}>
                    <input
                      type="radio"
                      name="branch"
                      className="h-5 w-5 accent-red-700"
                      checked={branch === b.name}
                      onChange={() => choose(b.name, prepared)}
                    />
                    {b.label}
                  </label>
                ),
              )}
            </div>
          </fieldset>
        )}
        <fieldset>
          <legend className="mb-2 text-base font-semibold text-slate-900">What happened?</legend>
          <div className="grid gap-2">
            {[...PREPARED, { key: 'own' as const, label: 'Write my own' }].map((p) => (
              <label key={p.key} className={choice}>
                <input
                  type="radio"
                  name="prepared"
                  className="h-5 w-5 accent-red-700"
                  checked={prepared === p.key}
                  onChange={() => choose(branch, p.key)}
                />
                {p.label}
              </label>
            ))}
          </div>
        </fieldset>
        <Field label="Title" required maxLength={NOTICE_TITLE_MAX} {...form.register('title')} error={errorAt(form, 'title')} />
        <TextArea
          label="Text"
          required
          rows={4}
          maxLength={NOTICE_BODY_MAX}
          {...form.register('body')}
          error={errorAt(form, 'body')}
        />
        <Field
          label="Shown until"
          type="datetime-local"
          required
          hint={`The end of today unless you change it (${timeZone}).`}
          {...form.register('endsAt')}
          error={errorAt(form, 'endsAt')}
        />
        {errorAt(form, 'audienceBranch') && <p className="text-sm font-medium text-red-700">{errorAt(form, 'audienceBranch')}</p>}
        <div>
          <p id="closure-reach" className="mb-2 text-sm text-slate-800">
            {count.data === undefined
              ? 'Counting the families’ addresses…'
              : `The e-mail goes to ${count.data} address${count.data === 1 ? '' : 'es'}${branch ? ` of ${branch}` : ''}.`}
          </p>
          <Button
            type="submit"
            variant="danger"
            size="lg"
            disabled={busy}
            aria-describedby="closure-reach"
            className="h-14 w-full justify-center text-lg"
          >
            <Siren className="h-5 w-5" aria-hidden="true" /> {busy ? 'Sending…' : 'Send closure alert'}
          </Button>
        </div>
      </form>
    </div>
  );
}

function Sent({
  notice,
  mailing,
  mailError,
  timeZone,
  place,
  retry,
}: {
  notice: Notice;
  mailing?: { mailingId: number; recipients: number };
  mailError?: string;
  timeZone: string;
  place: string;
  retry: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const everyone = notice.audience === 'everyone';
  // A closure for everyone or for one branch is on the public site too (notices.service.ts).
  const onWebsite = everyone || notice.audience === 'branch';
  return (
    <div className="mx-auto max-w-xl">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        Closure alert sent
      </h1>
      <p className="mt-2 text-slate-800">
        “{notice.title}” shows{' '}
        {onWebsite ? 'on every page of the website and in the family area' : `in the family area for the families of ${place}`}{' '}
        until {formatWeekdayDate(notice.endsAt, timeZone)}, {formatTime(notice.endsAt, timeZone)}.
      </p>
      {mailing && <MailingProgress mailingId={mailing.mailingId} recipients={mailing.recipients} />}
      {mailError && (
        <div className="mt-3 rounded-xl bg-red-50 p-4">
          <p role="alert" className="font-semibold text-red-800">
            The banner is showing, but the e-mail was not sent: {mailError}
          </p>
          <Button variant="secondary" className="mt-3" onClick={retry}>
            Try the e-mail again
          </Button>
        </div>
      )}
      <div className="mt-6 flex flex-col gap-2 sm:flex-row">
        {onWebsite && (
          <a href="/" target="_blank" rel="noreferrer" className={buttonClass('primary', 'lg', 'justify-center')}>
            See the banner on the website<span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
        <Link to="/cms/notices" className={buttonClass('secondary', 'lg', 'justify-center')}>
          All notices
        </Link>
      </div>
    </div>
  );
}
