import type { ZodError } from 'zod';
import {
  DatabaseDetailsSchema,
  InstallAdminFormSchema,
  InstallAppFormSchema,
  type InstallBranch,
  type InstallPayload,
} from '../../../../shared/schemas/install.ts';
import { browserTimeZone } from '../../../components/time-zone-field.tsx';

export const STEPS = [
  'Welcome',
  'Basic Information',
  'Administrator Account',
  'Database Configuration',
  'Installation Complete',
] as const;

export interface WizardState {
  setupCode: string;
  app: {
    name: string;
    company_name: string;
    customer_email: string;
    timezone: string;
    customer_id: string;
    customer_license: string;
    site_url: string;
    branches: Required<InstallBranch>[];
  };
  admin: { username: string; firstName: string; lastName: string; email: string; password: string; confirmPassword: string };
  database: { type: 'builtin' | 'postgres'; host: string; port: string; db: string; user: string; password: string };
  sampleContent: boolean;
}

export const EMPTY_BRANCH: Required<InstallBranch> = { name: '', address: '', phone: '' };

export const INITIAL_STATE: WizardState = {
  setupCode: '',
  app: {
    name: '',
    company_name: '',
    customer_email: '',
    // The zone of the computer the wizard is opened on is usually the school's (§9's first otherwise).
    timezone: browserTimeZone('Asia/Kolkata'),
    customer_id: '',
    customer_license: '',
    // The address the wizard is opened at is usually the one parents will use.
    site_url: typeof window === 'undefined' ? '' : window.location.origin,
    branches: [EMPTY_BRANCH],
  },
  // §3: a prefilled administrator username; never a prefilled password.
  admin: { username: 'admin', firstName: '', lastName: '', email: '', password: '', confirmPassword: '' },
  // §9 defaults: host localhost, port 5432, and a database name.
  database: { type: 'builtin', host: 'localhost', port: '5432', db: 'sprout', user: '', password: '' },
  sampleContent: true,
};

export type FieldErrors = Record<string, string>;

export function fieldErrors(error: ZodError, prefix = ''): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = prefix + issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The database details as §7's testDatabaseDetails payload. */
export const databaseDetails = (d: WizardState['database']) => ({
  host: d.host,
  port: Number(d.port),
  db: d.db,
  user: d.user,
  password: d.password,
});

export function validateStep(step: number, state: WizardState): FieldErrors {
  if (step === 1) {
    const r = InstallAppFormSchema.safeParse(state.app);
    return r.success ? {} : fieldErrors(r.error, 'app.');
  }
  if (step === 2) {
    const r = InstallAdminFormSchema.safeParse(state.admin);
    return r.success ? {} : fieldErrors(r.error, 'admin.');
  }
  if (step === 3 && state.database.type === 'postgres') {
    const r = DatabaseDetailsSchema.safeParse(databaseDetails(state.database));
    return r.success ? {} : fieldErrors(r.error, 'database.');
  }
  return {};
}

/** Which step holds a field the server refused (`app.name` → 1). */
export function stepOfField(field: string): number {
  if (field.startsWith('app.')) return 1;
  if (field.startsWith('admin.')) return 2;
  if (field.startsWith('database.')) return 3;
  return 4;
}

export function toPayload(state: WizardState): InstallPayload {
  const { confirmPassword: _confirm, ...admin } = state.admin;
  const d = state.database;
  return {
    database:
      d.type === 'postgres'
        ? { type: 'postgres', host: d.host, port: Number(d.port), database: d.db, user: d.user, password: d.password }
        : { type: 'builtin' },
    app: state.app,
    admin,
    sampleContent: state.sampleContent,
    ...(state.setupCode ? { setupCode: state.setupCode } : {}),
  };
}
