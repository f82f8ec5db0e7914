import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { MAX_BRANCHES } from '../../../../shared/schemas/school.ts';
import { EMPTY_BRANCH, type WizardState } from './wizard-state.ts';
import type { StepProps } from './wizard-steps.tsx';

type BranchRow = WizardState['app']['branches'][number];

/**
 * The school's branches as parents will see them (footer, Contact, Admission): one to start, up to
 * four. The map's position is set later in the school profile.
 */
export function BranchRows({ state, errors, update }: StepProps) {
  const { branches } = state.app;
  const box = useRef<HTMLFieldSetElement>(null);
  /** The changed list, then the keyboard goes to a branch's name (the new one, or the one before a removed one). */
  const setBranches = (next: BranchRow[], focus: number) => {
    update((s) => ({ ...s, app: { ...s.app, branches: next } }));
    requestAnimationFrame(() => box.current?.querySelector<HTMLInputElement>(`[name="branches.${focus}.name"]`)?.focus());
  };
  const setField = (i: number, key: keyof BranchRow) => (e: { target: { value: string } }) =>
    update((s) => ({
      ...s,
      app: { ...s.app, branches: branches.map((b, j) => (j === i ? { ...b, [key]: e.target.value } : b)) },
    }));
  const listError = errors['app.branches'];
  return (
    <fieldset ref={box} className="space-y-3 sm:col-span-2" aria-describedby={listError ? 'branches-error' : undefined}>
      <legend className="text-sm font-semibold text-slate-800">Branches</legend>
      <p className="text-sm text-slate-600">
        Where parents find you. One is enough to start; add the others now or later in the school profile.
      </p>
      {listError && (
        <p id="branches-error" role="alert" tabIndex={-1} className="text-sm font-medium text-red-700">
          {listError}
        </p>
      )}
      {branches.map((branch, i) => {
        const n = i + 1;
        return (
          <div
            key={i}
            role="group"
            aria-label={`Branch ${n}`}
            className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
          >
            <Field
              label={`Branch ${n} name`}
              name={`branches.${i}.name`}
              required
              maxLength={80}
              placeholder="Main Branch"
              value={branch.name}
              error={errors[`app.branches.${i}.name`]}
              onChange={setField(i, 'name')}
            />
            <Field
              label={`Branch ${n} phone (optional)`}
              name={`branches.${i}.phone`}
              type="tel"
              autoComplete="tel"
              maxLength={40}
              value={branch.phone}
              error={errors[`app.branches.${i}.phone`]}
              onChange={setField(i, 'phone')}
            />
            <div className="sm:col-span-2">
              <Field
                label={`Branch ${n} address`}
                name={`branches.${i}.address`}
                required
                maxLength={300}
                autoComplete="street-address"
                value={branch.address}
                error={errors[`app.branches.${i}.address`]}
                onChange={setField(i, 'address')}
              />
            </div>
            {branches.length > 1 && (
              <div className="sm:col-span-2">
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() =>
                    setBranches(
                      branches.filter((_, j) => j !== i),
                      Math.max(0, i - 1),
                    )
                  }
                >
                  <Trash2 size={16} aria-hidden="true" /> Remove branch {n}
                </Button>
              </div>
            )}
          </div>
        );
      })}
      {branches.length < MAX_BRANCHES && (
        <Button variant="secondary" size="sm" onClick={() => setBranches([...branches, EMPTY_BRANCH], branches.length)}>
          <Plus size={16} aria-hidden="true" /> Add a branch
        </Button>
      )}
    </fieldset>
  );
}
