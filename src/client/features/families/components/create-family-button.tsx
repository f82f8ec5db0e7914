import { UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { useFamilyFromEnquiry } from '#client/features/families/api/families.ts';
import { useSchoolProfile } from '#client/features/school/api/school.ts';
import { ApiError } from '#client/lib/api-client.ts';
import { errorAt, useZodForm } from '#client/lib/zod-form.ts';
import { FamilyFromEnquirySchema, type FamilyFromEnquiry } from '#shared/schemas/family.ts';

/** What the server could not carry over from the admission: the child's branch, programme or both. */
type Missing = { message: string; branch: boolean; programme: boolean };

/** The corrections the server asks for (`children.0.branch`, or `branch` when the one chosen is refused). */
function missingOf(error: unknown): Missing | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.fields) return null;
  const fields = Object.keys(error.fields);
  const branch = fields.some((f) => f === 'branch' || f === 'children.0.branch');
  const programme = fields.some((f) => f === 'programme' || f === 'children.0.programme');
  return branch || programme ? { message: error.message, branch, programme } : null;
}

/**
 * "Create family" on an enrolled admission (issue 32): the family made from it opens. A 409 that
 * names a family (made from this admission already, or the parent's e-mail is another family's)
 * opens that one with the server's words; when the admission's branch or programme is no longer
 * the school's, a dialog asks for it and sends again.
 */
export function CreateFamilyButton({ enquiryId, name }: { enquiryId: number; name: string }) {
  const navigate = useNavigate();
  const create = useFamilyFromEnquiry();
  const [missing, setMissing] = useState<Missing | null>(null);

  const send = async (corrections?: FamilyFromEnquiry) => {
    try {
      const family = await create.mutateAsync({ enquiryId, corrections });
      setMissing(null);
      toast.success('Family created');
      navigate(`/cms/families/${family.id}`);
      return null;
    } catch (error) {
      const named =
        error instanceof ApiError && error.status === 409 ? (error.body as { familyId?: unknown })?.familyId : undefined;
      if (typeof named === 'number') {
        setMissing(null);
        toast.info((error as Error).message);
        navigate(`/cms/families/${named}`);
        return null;
      }
      const asked = missingOf(error);
      if (asked) {
        setMissing((before) => ({
          message: asked.message,
          branch: asked.branch || Boolean(before?.branch),
          programme: asked.programme || Boolean(before?.programme),
        }));
        return asked;
      }
      toast.error((error as Error).message || 'Could not create the family.');
      return null;
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={create.isPending}
        onClick={() => void send()}
        aria-label={`Create family for ${name}`}
      >
        <UsersRound size={14} aria-hidden="true" /> {create.isPending ? 'Creating…' : 'Create family'}
      </Button>
      {missing && (
        <CorrectionsDialog
          name={name}
          missing={missing}
          pending={create.isPending}
          onSend={send}
          onClose={() => setMissing(null)}
        />
      )}
    </>
  );
}

function CorrectionsDialog({
  name,
  missing,
  pending,
  onSend,
  onClose,
}: {
  name: string;
  missing: Missing;
  pending: boolean;
  onSend: (corrections: FamilyFromEnquiry) => Promise<Missing | null>;
  onClose: () => void;
}) {
  const branches = useSchoolProfile().data?.branches.map((b) => b.name) ?? [];
  const programmes = useProgrammes().data ?? [];
  const form = useZodForm(FamilyFromEnquirySchema, { defaultValues: { branch: '', programme: '' } });
  const submit = form.handleSubmit(async (corrections) => {
    const still = await onSend(corrections);
    if (still?.branch) form.setError('branch', { type: 'server', message: 'Choose one of the school’s branches.' });
    if (still?.programme) form.setError('programme', { type: 'server', message: 'Choose one of the school’s programmes.' });
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={`Create family for ${name}`} description={missing.message}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        {missing.branch && (
          <SelectField label="Branch" required error={errorAt(form, 'branch')} {...form.register('branch')}>
            <option value="">Choose a branch</option>
            {branches.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </SelectField>
        )}
        {missing.programme && (
          <SelectField label="Programme" required error={errorAt(form, 'programme')} {...form.register('programme')}>
            <option value="">Choose a programme</option>
            {programmes.map((p) => (
              <option key={p.key} value={p.key}>
                {p.name}
              </option>
            ))}
          </SelectField>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? 'Creating…' : 'Create family'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
