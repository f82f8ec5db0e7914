import { TimeZoneField } from '../../../components/time-zone-field.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { BranchRows } from './branch-rows.tsx';
import type { FieldErrors, WizardState } from './wizard-state.ts';

export interface StepProps {
  state: WizardState;
  errors: FieldErrors;
  update: (change: (state: WizardState) => WizardState) => void;
}

export type InstallMode = 'new' | 'restore';

const MODES: { value: InstallMode; label: string; text: string }[] = [
  {
    value: 'new',
    label: 'Set up a new school',
    text: "The school's details, the administrator account and where the data is kept.",
  },
  {
    value: 'restore',
    label: 'Restore this backup',
    text: 'Bring back a school from a Sprout backup file: accounts, content and photos, as they were.',
  },
];

export function WelcomeStep({
  state,
  errors,
  update,
  needsSetupCode,
  codeFromAddress,
  mode,
  onMode,
}: StepProps & { needsSetupCode: boolean; codeFromAddress: boolean; mode: InstallMode; onMode: (mode: InstallMode) => void }) {
  return (
    <div className="space-y-4 text-slate-700">
      <p>
        Welcome! This wizard sets up your school&apos;s website and back office in a few minutes: the school&apos;s details, the
        administrator account and where the data is kept.
      </p>
      <p>You can go back to any step before you press Finish. Nothing is saved until then.</p>
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">What would you like to do?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {MODES.map(({ value, label, text }) => (
            <label
              key={value}
              className={`grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border-2 p-4 ${mode === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
            >
              <input
                type="radio"
                name="installMode"
                value={value}
                checked={mode === value}
                onChange={() => onMode(value)}
                className="row-span-2 mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="font-bold text-slate-900">{label}</span>
              <span className="block text-sm text-slate-600">{text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {needsSetupCode && (
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4">
          <p className="mb-3 text-sm text-amber-900">
            {codeFromAddress
              ? 'The one-time setup code came with the address the server printed.'
              : 'Enter the one-time setup code printed in the server’s log (the line that starts with “Sprout is not installed yet”). On the server itself, open the address that line gives: it fills the code in.'}
          </p>
          <Field
            label="Setup code"
            name="setupCode"
            autoComplete="off"
            value={state.setupCode}
            error={errors.setupCode}
            onChange={(e) => update((s) => ({ ...s, setupCode: e.target.value }))}
          />
        </div>
      )}
    </div>
  );
}

export function BasicInfoStep({ state, errors, update }: StepProps) {
  const set = (key: Exclude<keyof WizardState['app'], 'branches'>) => (e: { target: { value: string } }) =>
    update((s) => ({ ...s, app: { ...s.app, [key]: e.target.value } }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="School name"
        name="name"
        required
        maxLength={80}
        value={state.app.name}
        error={errors['app.name']}
        onChange={set('name')}
      />
      <Field
        label="Company name"
        name="company_name"
        required
        maxLength={120}
        autoComplete="organization"
        value={state.app.company_name}
        error={errors['app.company_name']}
        onChange={set('company_name')}
      />
      <Field
        label="School e-mail"
        name="customer_email"
        type="email"
        required
        autoComplete="email"
        hint="Parents see it on the site; their messages are sent to it."
        value={state.app.customer_email}
        error={errors['app.customer_email']}
        onChange={set('customer_email')}
      />
      <TimeZoneField
        name="timezone"
        value={state.app.timezone}
        error={errors['app.timezone']}
        onChange={(timezone) => update((s) => ({ ...s, app: { ...s.app, timezone } }))}
      />
      <BranchRows state={state} errors={errors} update={update} />
      <Field
        label="Site address"
        name="site_url"
        type="url"
        inputMode="url"
        maxLength={200}
        hint="The address parents type to reach the site. Links in search results, feeds and calendars use it."
        value={state.app.site_url}
        error={errors['app.site_url']}
        onChange={set('site_url')}
      />
      <Field
        label="Customer id (optional)"
        name="customer_id"
        maxLength={100}
        value={state.app.customer_id}
        error={errors['app.customer_id']}
        onChange={set('customer_id')}
      />
      <Field
        label="Licence key (optional)"
        name="customer_license"
        maxLength={200}
        hint="Stored with your installation; nothing is sent anywhere."
        value={state.app.customer_license}
        error={errors['app.customer_license']}
        onChange={set('customer_license')}
      />
    </div>
  );
}

export function AdminStep({ state, errors, update }: StepProps) {
  const set = (key: keyof WizardState['admin']) => (e: { target: { value: string } }) =>
    update((s) => ({ ...s, admin: { ...s.admin, [key]: e.target.value } }));
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field
        label="Username"
        name="username"
        required
        autoComplete="username"
        value={state.admin.username}
        error={errors['admin.username']}
        onChange={set('username')}
      />
      <Field
        label="First name"
        name="firstName"
        required
        autoComplete="given-name"
        hint="Shown with the posts you write."
        value={state.admin.firstName}
        error={errors['admin.firstName']}
        onChange={set('firstName')}
      />
      <Field
        label="Last name"
        name="lastName"
        required
        autoComplete="family-name"
        value={state.admin.lastName}
        error={errors['admin.lastName']}
        onChange={set('lastName')}
      />
      <Field
        label="E-mail"
        name="email"
        type="email"
        required
        autoComplete="email"
        value={state.admin.email}
        error={errors['admin.email']}
        onChange={set('email')}
      />
      <Field
        label="Password"
        name="password"
        type="password"
        required
        autoComplete="new-password"
        hint="At least 8 characters, and not easy to guess: three or four unrelated words work well."
        value={state.admin.password}
        error={errors['admin.password']}
        onChange={set('password')}
      />
      <Field
        label="Confirm password"
        name="confirmPassword"
        type="password"
        required
        autoComplete="new-password"
        value={state.admin.confirmPassword}
        error={errors['admin.confirmPassword']}
        onChange={set('confirmPassword')}
      />
    </div>
  );
}
