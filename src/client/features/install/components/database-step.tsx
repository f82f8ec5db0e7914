import { CheckCircle2, Database, Server, XCircle } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import type { StepProps } from './wizard-steps.tsx';
import type { WizardState } from './wizard-state.ts';

export type DatabaseTest =
  { status: 'idle' | 'testing' } | { status: 'ok'; message: string } | { status: 'failed'; message: string };

const OPTIONS = [
  {
    value: 'builtin',
    label: 'Built-in database',
    text: 'Recommended. Kept with the application; nothing to set up.',
    Icon: Database,
  },
  {
    value: 'postgres',
    label: 'PostgreSQL server',
    text: 'Use an existing PostgreSQL server (version 15 or newer).',
    Icon: Server,
  },
] as const;

export function DatabaseStep({
  state,
  errors,
  update,
  test,
  onTest,
  databaseConfigured,
}: StepProps & { test: DatabaseTest; onTest: () => void; databaseConfigured: boolean }) {
  const d = state.database;
  const set = (key: keyof WizardState['database']) => (e: { target: { value: string } }) =>
    update((s) => ({ ...s, database: { ...s.database, [key]: e.target.value } }));
  // §5: the test button is disabled until host, port, database, user and password are filled.
  const complete = [d.host, d.port, d.db, d.user, d.password].every((v) => v.trim() !== '');
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-slate-800">Where should the data be kept?</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {OPTIONS.filter((o) => !databaseConfigured || o.value === 'builtin').map(({ value, label, text, Icon }) => (
            <label
              key={value}
              className={`grid cursor-pointer grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-xl border-2 p-4 ${d.type === value ? 'border-brand-600 bg-brand-50' : 'border-slate-200 bg-white'}`}
            >
              <input
                type="radio"
                name="databaseType"
                value={value}
                checked={d.type === value}
                onChange={() => update((s) => ({ ...s, database: { ...s.database, type: value } }))}
                className="row-span-2 mt-1 h-4 w-4 accent-brand-600"
              />
              <span className="flex items-center gap-2 font-bold text-slate-900">
                <Icon className="h-4 w-4" aria-hidden="true" />
                {value === 'builtin' && databaseConfigured ? 'Configured database' : label}
              </span>
              <span className="block text-sm text-slate-600">
                {value === 'builtin' && databaseConfigured ? 'The database this server was started with (DATABASE_URL).' : text}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {d.type === 'postgres' && (
        <div className="space-y-4 rounded-xl border border-slate-200 p-4">
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="sm:col-span-2">
              <Field label="Host" name="host" required value={d.host} error={errors['database.host']} onChange={set('host')} />
            </div>
            <Field
              label="Port"
              name="port"
              required
              inputMode="numeric"
              value={d.port}
              error={errors['database.port']}
              onChange={set('port')}
            />
          </div>
          <Field label="Database name" name="db" required value={d.db} error={errors['database.db']} onChange={set('db')} />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="User"
              name="user"
              required
              autoComplete="off"
              value={d.user}
              error={errors['database.user']}
              onChange={set('user')}
            />
            <Field
              label="Password"
              name="dbPassword"
              type="password"
              required
              autoComplete="off"
              value={d.password}
              error={errors['database.password']}
              onChange={set('password')}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="secondary" onClick={onTest} disabled={!complete || test.status === 'testing'}>
              {test.status === 'testing' ? 'Testing connection...' : 'Test Connection'}
            </Button>
            <div role="status" aria-live="polite" className="text-sm">
              {test.status === 'ok' && (
                <span className="flex items-center gap-1 font-semibold text-leaf-700">
                  <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
                  {test.message}
                </span>
              )}
            </div>
          </div>
          {test.status === 'failed' && (
            <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
              <XCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
              {test.message}
            </p>
          )}
          {errors['database.test'] && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {errors['database.test']}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
