import { STEPS } from './wizard-state.ts';

export function WizardProgress({ step }: { step: number }) {
  const percent = Math.round(((step + 1) / STEPS.length) * 100);
  return (
    <div className="mb-6">
      <p className="mb-2 flex justify-between text-sm font-semibold text-slate-700">
        <span>
          Step {step + 1} of {STEPS.length}
        </span>
        <span>{percent}%</span>
      </p>
      <div
        role="progressbar"
        aria-label="Installation progress"
        aria-valuemin={1}
        aria-valuemax={STEPS.length}
        aria-valuenow={step + 1}
        aria-valuetext={`Step ${step + 1} of ${STEPS.length}: ${STEPS[step]}`}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <ol className="mt-3 hidden justify-between gap-2 text-xs font-medium text-slate-600 sm:flex">
        {STEPS.map((name, index) => (
          <li
            key={name}
            className={index === step ? 'font-bold text-brand-700' : undefined}
            aria-current={index === step ? 'step' : undefined}
          >
            {name}
          </li>
        ))}
      </ol>
    </div>
  );
}
