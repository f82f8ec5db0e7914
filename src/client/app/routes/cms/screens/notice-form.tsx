import { ArrowLeft } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { AudienceFields } from '#client/components/cms/audience-fields.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { TextArea } from '#client/features/media/components/textarea.tsx';
import { useNotice, useSaveNotice } from '#client/features/notices/api/notices.ts';
import { EmailNoticeButton } from '#client/features/notices/components/email-notice-button.tsx';
import { useSchoolProfile, useSchoolTimezone } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorAt, showServerErrors, useZodForm } from '#client/lib/zod-form.ts';
import { toDatetimeLocal } from '#shared/dates.ts';
import { CONTENT_AUDIENCES } from '#shared/schemas/audience.ts';
import {
  NOTICE_BODY_MAX,
  NOTICE_TITLE_MAX,
  NOTICE_URGENCIES,
  NOTICE_URGENCY_LABELS,
  endOfToday,
  noticeFormSchema,
  type Notice,
  type NoticeFormValues,
} from '#shared/schemas/notice.ts';

const fromNotice = (n: Notice, timeZone: string): NoticeFormValues => ({
  title: n.title,
  body: n.body,
  urgency: n.urgency,
  audience: n.audience,
  audienceBranch: n.audienceBranch,
  audienceProgramme: n.audienceProgramme,
  startsAt: toDatetimeLocal(n.startsAt, timeZone),
  endsAt: toDatetimeLocal(n.endsAt, timeZone),
});

/** /cms/notices/new and /cms/notices/:id: a notice's words, audience and times (on the school's clock). */
export default function NoticeFormScreen() {
  const { id } = useParams();
  const noticeId = id === undefined ? null : Number(id);
  const timeZone = useSchoolTimezone();
  const existing = useNotice(noticeId);
  if (noticeId !== null && existing.isError)
    return (
      <div className="mx-auto max-w-3xl text-center">
        <p className="text-red-700">This notice could not be loaded.</p>
        <Link to="/cms/notices" className="mt-2 inline-block font-semibold text-brand-700 underline">
          Back to Notices
        </Link>
      </div>
    );
  if ((noticeId !== null && !existing.data) || !timeZone) return <p className="text-center text-slate-600">Loading...</p>;
  const notice = noticeId === null ? null : existing.data!;
  return <NoticeForm key={notice?.id ?? 'new'} notice={notice} timeZone={timeZone} />;
}

function NoticeForm({ notice, timeZone }: { notice: Notice | null; timeZone: string }) {
  const navigate = useNavigate();
  const save = useSaveNotice(notice?.id ?? null);
  const schema = useMemo(() => noticeFormSchema(timeZone), [timeZone]);
  const form = useZodForm(schema, {
    defaultValues: notice
      ? fromNotice(notice, timeZone)
      : {
          title: '',
          body: '',
          urgency: 'information',
          audience: 'everyone',
          audienceBranch: null,
          audienceProgramme: null,
          startsAt: '',
          endsAt: endOfToday(timeZone),
        },
  });
  const branches = useSchoolProfile().data?.branches ?? [];
  const programmes = useProgrammes().data ?? [];

  const submitAs = (published: boolean) =>
    form.handleSubmit(
      async (values) => {
        try {
          await save.mutateAsync({ ...values, published });
          toast.success(published ? 'Notice published' : 'Notice saved as a draft');
          navigate('/cms/notices');
        } catch (err) {
          const unshown = showServerErrors(form, err);
          if (unshown) toast.error(err instanceof ApiError && err.status < 500 ? unshown : 'The notice could not be saved.');
        }
      },
      () => toast.error('Check the notice: some fields need attention.'),
    );

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/cms/notices" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Notices
      </Link>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{notice ? 'Edit notice' : 'New notice'}</h1>
      <form
        onSubmit={(e) => void submitAs(notice?.published ?? false)(e)}
        noValidate
        className="mt-6 space-y-5 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <Field label="Title" required maxLength={NOTICE_TITLE_MAX} {...form.register('title')} error={errorAt(form, 'title')} />
        <TextArea
          label="Text"
          required
          rows={4}
          maxLength={NOTICE_BODY_MAX}
          {...form.register('body')}
          error={errorAt(form, 'body')}
        />
        <SelectField label="Urgency" {...form.register('urgency')} error={errorAt(form, 'urgency')}>
          {NOTICE_URGENCIES.map((u) => (
            <option key={u} value={u}>
              {NOTICE_URGENCY_LABELS[u]}
            </option>
          ))}
        </SelectField>
        <AudienceFields
          form={form}
          audiences={CONTENT_AUDIENCES}
          branches={branches}
          programmes={programmes}
          note="Not on the public website: families of this audience see it in the family area."
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Starts"
            type="datetime-local"
            hint={`Leave empty to start when published; a time to come schedules it. Times are ${timeZone}.`}
            {...form.register('startsAt')}
            error={errorAt(form, 'startsAt')}
          />
          <Field
            label="Ends"
            type="datetime-local"
            required
            hint="The banner goes by itself at this time."
            {...form.register('endsAt')}
            error={errorAt(form, 'endsAt')}
          />
        </div>
        <div className="flex flex-wrap gap-2">
          {notice?.published ? (
            <>
              <Button type="submit" disabled={save.isPending}>
                Save
              </Button>
              <Button variant="secondary" disabled={save.isPending} onClick={() => void submitAs(false)()}>
                Unpublish
              </Button>
            </>
          ) : (
            <>
              <Button disabled={save.isPending} onClick={() => void submitAs(true)()}>
                Publish
              </Button>
              <Button type="submit" variant="secondary" disabled={save.isPending}>
                Save draft
              </Button>
            </>
          )}
        </div>
      </form>
      {notice && (
        <div className="mt-4">
          <EmailNoticeButton notice={notice} />
        </div>
      )}
    </div>
  );
}
