import { Download, Eraser } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { AlertDialog } from '#client/components/ui/alert-dialog.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { familyExportUrl, useEraseFamily } from '#client/features/families/api/erase-family.ts';
import { ApiError } from '#client/lib/api-client.ts';
import type { Family, FamilyErasure } from '#shared/schemas/family.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 children, 1 contact and 14 consent records removed; 1 enquiry kept as a number only." */
const erasedMessage = (e: FamilyErasure) =>
  `Family erased: ${plural(e.children, 'child', 'children')}, ${plural(e.contacts, 'contact', 'contacts')}, ` +
  `${plural(e.consents, 'consent record', 'consent records')}${
    e.newsletterSubscriptions
      ? `, ${plural(e.newsletterSubscriptions, 'newsletter subscription', 'newsletter subscriptions')}`
      : ''
  } and ${plural(e.photoTags, 'photo tag', 'photo tags')} removed` +
  (e.enquiries ? `; ${plural(e.enquiries, 'enquiry', 'enquiries')} kept as a number only.` : '.');

/**
 * The family screen's data protection tools (issue 32, decision 26): "Export data" downloads a zip
 * of everything held about the family (families: write), and "Erase family" (families: delete)
 * says what goes and what stays before it asks the server, then asks again when the server answers
 * that the family's admission is still open.
 */
export function FamilyPrivacyActions({ family, canExport, canErase }: { family: Family; canExport: boolean; canErase: boolean }) {
  const navigate = useNavigate();
  const erase = useEraseFamily(family.id);
  const [asking, setAsking] = useState<'what' | 'open' | null>(null);
  const [question, setQuestion] = useState('');

  const send = async (confirm: boolean) => {
    try {
      const erased = await erase.mutateAsync({ confirm });
      setAsking(null);
      toast.success(erasedMessage(erased));
      navigate('/cms/families');
    } catch (error) {
      const open =
        error instanceof ApiError && error.status === 409 && (error.body as { needsConfirmation?: unknown })?.needsConfirmation;
      if (open) {
        setQuestion(error.message);
        setAsking('open');
        return;
      }
      setAsking(null);
      toast.error((error as Error).message || 'Could not erase the family.');
    }
  };

  if (!canExport && !canErase) return null;
  return (
    <>
      {canExport && (
        <Button asChild variant="secondary">
          <a href={familyExportUrl(family.id)} download>
            <Download size={16} aria-hidden="true" /> Export data
          </a>
        </Button>
      )}
      {canErase && (
        <Button variant="ghost" className="text-red-700" onClick={() => setAsking('what')}>
          <Eraser size={16} aria-hidden="true" /> Erase family
        </Button>
      )}
      <AlertDialog
        open={asking === 'what'}
        onOpenChange={(open) => !open && setAsking(null)}
        title={`Erase “${family.name}”?`}
        description="For a parent’s request to erase their data. Unlike Delete, it also takes the names off the family’s admission and the enquiries the parents sent. This cannot be undone."
        confirmLabel="Erase family"
        pendingLabel="Erasing…"
        pending={erase.isPending}
        onConfirm={() => void send(false)}
      >
        <div className="mt-4 space-y-3 text-sm text-slate-700">
          <div>
            <p className="font-semibold text-slate-900">Removed</p>
            <ul className="ml-5 list-disc">
              <li>the parent contacts, their sign-in links and open sessions</li>
              <li>the newsletter subscriptions of the parents’ e-mail addresses, and the school’s mailings’ records of them</li>
              <li>the children, their photo consents and every consent recorded before</li>
              <li>the children’s tags in gallery photos (the photos stay in their galleries)</li>
              <li>
                from the admission and the parents’ enquiries: names, e-mail, phone, address, date of birth, messages and notes
              </li>
            </ul>
          </div>
          <div>
            <p className="font-semibold text-slate-900">Kept, as numbers only</p>
            <ul className="ml-5 list-disc">
              <li>the admission’s stage, programme, branch and start month, so the admissions counts stay right</li>
              <li>the audit log’s entries, which name no one once the family is gone</li>
            </ul>
          </div>
          <p>Export the family’s data first if the parents asked for a copy.</p>
        </div>
      </AlertDialog>
      <AlertDialog
        open={asking === 'open'}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Erase the family with its open admission?"
        description={question}
        confirmLabel="Erase all the same"
        pendingLabel="Erasing…"
        pending={erase.isPending}
        onConfirm={() => void send(true)}
      />
    </>
  );
}
