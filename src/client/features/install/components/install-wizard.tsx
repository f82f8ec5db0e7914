import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCheckAdminPassword } from '../api/check-admin-password.ts';
import { useCheckSetupCode } from '../api/check-setup-code.ts';
import { useRunInstall } from '../api/run-install.ts';
import { useTestDatabase } from '../api/test-database.ts';
import { DatabaseStep, type DatabaseTest } from './database-step.tsx';
import { FinishStep } from './finish-step.tsx';
import { WizardProgress } from './wizard-progress.tsx';
import { AdminStep, BasicInfoStep, WelcomeStep, type InstallMode } from './wizard-steps.tsx';
import { RestoreStep } from './restore-step.tsx';
import { useRestoreBackupAtInstall } from '../api/restore-backup.ts';
import {
  databaseDetails,
  INITIAL_STATE,
  STEPS,
  stepOfField,
  toPayload,
  validateStep,
  type FieldErrors,
  type WizardState,
} from './wizard-state.ts';

/** §4: post-install redirect to / after 3000 ms. */
const REDIRECT_MS = 3000;

/** A field's value by its error key ('database.password'). */
const valueAt = (state: WizardState, key: string): unknown =>
  key.split('.').reduce<unknown>((value, part) => (value as Record<string, unknown> | undefined)?.[part], state);

export function InstallWizard({
  needsSetupCode,
  databaseConfigured,
  initialSetupCode = '',
}: {
  needsSetupCode: boolean;
  databaseConfigured: boolean;
  /** The code `npm start` printed in the wizard's address: filled in for the person at the server. */
  initialSetupCode?: string;
}) {
  const [step, setStep] = useState(0);
  const [state, setState] = useState<WizardState>(() => ({ ...INITIAL_STATE, setupCode: initialSetupCode }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [dbTest, setDbTest] = useState<DatabaseTest>({ status: 'idle' });
  const [installError, setInstallError] = useState<string | null>(null);
  const checkCode = useCheckSetupCode();
  const checkPassword = useCheckAdminPassword();
  const testDb = useTestDatabase();
  const install = useRunInstall();
  const [mode, setMode] = useState<InstallMode>('new');
  /** The restore path: shown after the welcome step when "Restore this backup" is chosen. */
  const [restoring, setRestoring] = useState(false);
  const [backupFile, setBackupFile] = useState<File | null>(null);
  const [backupPassphrase, setBackupPassphrase] = useState('');
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const restore = useRestoreBackupAtInstall();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const firstRender = useRef(true);
  const done = install.isSuccess;

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step, restoring]);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => window.location.assign('/'), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done]);

  const update = (change: (s: WizardState) => WizardState) => {
    const next = change(state);
    // Any change to the PostgreSQL details needs a new connection test.
    if (next.database !== state.database) setDbTest({ status: 'idle' });
    // A field's message goes once the field is changed ("Password is required" stayed after typing one).
    setErrors((shown) => {
      const kept = Object.entries(shown).filter(([key]) => valueAt(next, key) === valueAt(state, key));
      return kept.length === Object.keys(shown).length ? shown : Object.fromEntries(kept);
    });
    setState(next);
  };

  async function runDatabaseTest() {
    setDbTest({ status: 'testing' });
    try {
      const result = await testDb.mutateAsync({
        details: databaseDetails(state.database),
        setupCode: state.setupCode || undefined,
      });
      // §8: 'Database connection failed : {reason}'.
      if (result.ok) setErrors(({ 'database.test': _passed, ...rest }) => rest);
      setDbTest(
        result.ok
          ? { status: 'ok', message: `Connection successful (${result.version})` }
          : { status: 'failed', message: result.error },
      );
    } catch (error) {
      const message =
        error instanceof ApiError && error.status === 400
          ? error.message
          : 'Database connection failed. Please check your settings.';
      setDbTest({ status: 'failed', message });
    }
  }

  async function next() {
    const found = validateStep(step, state);
    if (step === 0 && needsSetupCode) {
      if (!state.setupCode.trim()) found.setupCode = 'Enter the setup code from the server log';
      else {
        try {
          await checkCode.mutateAsync(state.setupCode);
        } catch (error) {
          found.setupCode = error instanceof ApiError ? error.message : 'The setup code could not be checked';
        }
      }
    }
    if (step === 2 && Object.keys(found).length === 0) Object.assign(found, await passwordProblems());
    if (step === 3 && state.database.type === 'postgres' && Object.keys(found).length === 0 && dbTest.status !== 'ok') {
      found['database.test'] = 'Test the connection successfully before you continue.';
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    if (step === 0 && mode === 'restore') setRestoring(true);
    else setStep((s) => Math.min(s + 1, STEPS.length - 1));
  }

  /** Refused by the server's policy now, not at Finish (the same check, with the same words). */
  async function passwordProblems(): Promise<FieldErrors> {
    const { confirmPassword: _confirm, ...admin } = state.admin;
    try {
      await checkPassword.mutateAsync({ admin, schoolName: state.app.name, setupCode: state.setupCode || undefined });
      return {};
    } catch (error) {
      if (error instanceof ApiError && error.fields) return { ...error.fields };
      return { 'admin.password': error instanceof ApiError ? error.message : 'The password could not be checked. Try again.' };
    }
  }

  async function runRestore() {
    if (!backupFile) {
      setRestoreError('Choose the backup file first.');
      focusFirstInvalid();
      return;
    }
    setRestoreError(null);
    try {
      await restore.mutateAsync({
        file: backupFile,
        setupCode: state.setupCode || undefined,
        passphrase: backupPassphrase || undefined,
      });
      toast.success('The backup was restored');
    } catch (error) {
      setRestoreError(
        error instanceof ApiError && error.status > 0
          ? error.message
          : 'The backup could not be sent. Check the connection and try again.',
      );
      focusFirstInvalid();
    }
  }

  async function finish() {
    setInstallError(null);
    try {
      await install.mutateAsync(toPayload(state));
      toast.success('Installation complete');
    } catch (error) {
      const message =
        error instanceof ApiError && error.status > 0
          ? `Installation failed: ${error.message || 'Unknown error'}`
          : `Installation error: ${error instanceof Error ? error.message : String(error)}`;
      setInstallError(message);
      toast.error(message);
      if (error instanceof ApiError && error.fields) {
        const fields = { ...error.fields };
        setErrors(fields);
        const target = Math.min(...Object.keys(fields).map(stepOfField));
        if (target < 4) setStep(target);
        focusFirstInvalid();
      }
    }
  }

  function focusFirstInvalid() {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')?.focus());
  }

  const stepProps = { state, errors, update };
  if (restoring) {
    return (
      <WizardCard
        title="Restore a backup"
        headingRef={headingRef}
        formRef={formRef}
        onSubmit={() => {
          if (!restore.isSuccess) void runRestore();
        }}
      >
        <RestoreStep
          file={backupFile}
          onFile={(file) => {
            setBackupFile(file);
            setRestoreError(null);
          }}
          passphrase={backupPassphrase}
          onPassphrase={setBackupPassphrase}
          error={restoreError}
          result={restore.data ?? null}
          databaseConfigured={databaseConfigured}
        />
        {!restore.isSuccess && (
          <WizardButtons
            onPrevious={() => setRestoring(false)}
            previousDisabled={restore.isPending}
            submitDisabled={restore.isPending}
            submitLabel={restore.isPending ? 'Restoring...' : 'Restore this backup'}
          />
        )}
      </WizardCard>
    );
  }
  return (
    <WizardCard
      title={STEPS[step] ?? STEPS[0]}
      progress={<WizardProgress step={step} />}
      headingRef={headingRef}
      formRef={formRef}
      onSubmit={() => {
        if (step < STEPS.length - 1) void next();
        else if (!done) void finish();
      }}
    >
      {step === 0 && (
        <WelcomeStep
          {...stepProps}
          needsSetupCode={needsSetupCode}
          codeFromAddress={initialSetupCode !== ''}
          mode={mode}
          onMode={setMode}
        />
      )}
      {step === 1 && <BasicInfoStep {...stepProps} />}
      {step === 2 && <AdminStep {...stepProps} />}
      {step === 3 && (
        <DatabaseStep
          {...stepProps}
          test={dbTest}
          onTest={() => void runDatabaseTest()}
          databaseConfigured={databaseConfigured}
        />
      )}
      {step === 4 && <FinishStep state={state} update={update} done={done} />}
      {installError && step === 4 && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {installError}
        </p>
      )}
      {!done && (
        <WizardButtons
          onPrevious={() => setStep((s) => Math.max(0, s - 1))}
          previousDisabled={step === 0 || install.isPending}
          submitDisabled={install.isPending || checkCode.isPending || checkPassword.isPending}
          submitLabel={step < STEPS.length - 1 ? 'Next' : install.isPending ? 'Installing...' : 'Finish'}
        />
      )}
    </WizardCard>
  );
}

/** The wizard's card: its progress, the step's heading (focused on each step) and the step's form. */
function WizardCard({
  title,
  progress,
  headingRef,
  formRef,
  onSubmit,
  children,
}: {
  title: string;
  progress?: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl bg-white p-5 shadow-lg ring-1 ring-slate-200 sm:p-8">
      {progress}
      <h2 ref={headingRef} tabIndex={-1} className="mb-5 text-xl font-extrabold text-slate-900 focus:outline-none">
        {title}
      </h2>
      <form
        ref={formRef}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        {children}
      </form>
    </div>
  );
}

function WizardButtons(props: {
  onPrevious: () => void;
  previousDisabled: boolean;
  submitDisabled: boolean;
  submitLabel: string;
}) {
  return (
    <div className="mt-8 flex items-center justify-between gap-3 border-t border-slate-200 pt-5">
      <Button variant="secondary" onClick={props.onPrevious} disabled={props.previousDisabled}>
        Previous
      </Button>
      <Button type="submit" disabled={props.submitDisabled}>
        {props.submitLabel}
      </Button>
    </div>
  );
}
