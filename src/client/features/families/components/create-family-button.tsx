import { UserPlus, UsersRound } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog } from '#client/components/ui/dialog.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useProgrammes } from '#client/features/admissions/api/get-programmes.ts';
import { useAddChildFromEnquiry } from '#client/features/families/api/add-child-from-enquiry.ts';
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

/** The family that already has the admission's parent (a sibling enrolled later): the child can join it. */
type Sibling = { familyId: number; familyName: string; message: string };

/** "the Das family" for "Das family", "the family “Das”" otherwise. */
const theFamily = (name: string) => (/\bfamily$/i.test(name.trim()) ? `the ${name.trim()}` : `the family “${name.trim()}”`);

/** What a 409 of "Create family" names: the family to add the child to, or the one that has it already. */
function conflictOf(error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const body = (error.body ?? {}) as { familyId?: unknown; familyName?: unknown; addChild?: unknown };
  if (typeof body.familyId !== 'number') return null;
  return {
    familyId: body.familyId,
    sibling:
      body.addChild === true && typeof body.familyName === 'string'
        ? { familyId: body.familyId, familyName: body.familyName, message: error.message }
        : null,
  };
}

/**
 * "Create family" on an enrolled admission (issue 32): the family made from it opens. When the
 * parent is already a contact of a family (a sibling enrolled later), a dialog offers to add the
 * child to that family instead. Another 409 that names a family (made from this admission already,
 * or the child already in it) opens that one with the server's words; when the admission's branch
 * or programme is no longer the school's, a dialog asks for it and sends again.
 */
export function CreateFamilyButton({ enquiryId, name }: { enquiryId: number; name: string }) {
  const navigate = useNavigate();
  const create = useFamilyFromEnquiry();
  const add = useAddChildFromEnquiry();
  const [missing, setMissing] = useState<Missing | null>(null);
  const [sibling, setSibling] = useState<Sibling | null>(null);
  // Once staff chose to add the child to the sibling's family, corrections are sent there too.
  const [addTo, setAddTo] = useState<Sibling | null>(null);
  const pending = create.isPending || add.isPending;

  const send = async (corrections?: FamilyFromEnquiry, target: Sibling | null = addTo) => {
    try {
      const family = target
        ? await add.mutateAsync({ familyId: target.familyId, enquiryId, corrections })
        : await create.mutateAsync({ enquiryId, corrections });
      setMissing(null);
      setSibling(null);
      toast.success(target ? `${name} added to ${theFamily(target.familyName)}` : 'Family created');
      navigate(`/cms/families/${family.id}`);
      return null;
    } catch (error) {
      const named = conflictOf(error);
      if (named?.sibling) {
        setMissing(null);
        setSibling(named.sibling);
        return null;
      }
      if (named) {
        setMissing(null);
        setSibling(null);
        toast.info((error as Error).message);
        navigate(`/cms/families/${named.familyId}`);
        return null;
      }
      const asked = missingOf(error);
      if (asked) {
        setSibling(null);
        setMissing((before) => ({
          message: asked.message,
          branch: asked.branch || Boolean(before?.branch),
          programme: asked.programme || Boolean(before?.programme),
        }));
        return asked;
      }
      toast.error((error as Error).message || (target ? 'Could not add the child.' : 'Could not create the family.'));
      return null;
    }
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        disabled={pending}
        onClick={() => {
          setAddTo(null);
          void send(undefined, null);
        }}
        aria-label={`Create family for ${name}`}
      >
        <UsersRound size={14} aria-hidden="true" /> {create.isPending ? 'Creating…' : 'Create family'}
      </Button>
      {sibling && (
        <Dialog
          open
          onOpenChange={(open) => !open && setSibling(null)}
          title={`Add ${name} to ${theFamily(sibling.familyName)}?`}
          description={sibling.message}
          width="max-w-lg"
        >
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => setSibling(null)}>
              Cancel
            </Button>
            <Button variant="secondary" onClick={() => navigate(`/cms/families/${sibling.familyId}`)}>
              Open {theFamily(sibling.familyName)}
            </Button>
            <Button
              disabled={pending}
              onClick={() => {
                setAddTo(sibling);
                void send(undefined, sibling);
              }}
            >
              <UserPlus size={16} aria-hidden="true" /> {add.isPending ? 'Adding…' : `Add to ${theFamily(sibling.familyName)}`}
            </Button>
          </div>
        </Dialog>
      )}
      {missing && (
        <CorrectionsDialog
          missing={missing}
          pending={pending}
          title={addTo ? `Add ${name} to ${theFamily(addTo.familyName)}` : `Create family for ${name}`}
          action={addTo ? `Add to ${theFamily(addTo.familyName)}` : 'Create family'}
          onSend={(corrections) => send(corrections)}
          onClose={() => setMissing(null)}
        />
      )}
    </>
  );
}

function CorrectionsDialog({
  missing,
  pending,
  title,
  action,
  onSend,
  onClose,
}: {
  missing: Missing;
  pending: boolean;
  /** The dialog's title, and its submit button's words ("Create family", "Add to the Das family"). */
  title: string;
  action: string;
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
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title} description={missing.message}>
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
            {pending ? 'Sending…' : action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
