import { Icon } from '#client/components/public/icon.tsx';
import { CheckCircle2 } from '#client/components/public/icons.ts';
import { useEffect, useRef } from 'react';

/**
 * What a parent sees after sending the admission form (issue 31): the form is replaced by a shorter
 * box, which left the parent scrolled past it. The box is scrolled into view (below the sticky
 * header: scroll-margin), its heading takes focus so a screen reader reads it, and its live region
 * announces it too.
 */
export function AdmissionConfirmation({ reference, onAnother }: { reference?: string; onAnother(): void }) {
  const box = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    box.current?.scrollIntoView({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div
      ref={box}
      role="status"
      aria-live="polite"
      data-testid="admission-confirmation"
      className="scroll-mt-28 rounded-3xl bg-green-50 p-8 text-center ring-1 ring-green-200"
    >
      <Icon icon={CheckCircle2} size={48} className="mx-auto text-leaf-700" />
      <h2 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-black text-slate-900 outline-none">
        Form submitted! We will contact you soon.
      </h2>
      {reference && (
        <p className="mt-2 text-lg text-slate-800">
          Your reference: <strong data-testid="enquiry-reference">{reference}</strong>
        </p>
      )}
      <button
        type="button"
        onClick={onAnother}
        className="mt-6 rounded-full px-6 py-2.5 font-bold text-brand-700 ring-2 ring-brand-600 hover:bg-brand-50"
      >
        Apply for another child
      </button>
    </div>
  );
}
