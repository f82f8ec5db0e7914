import { describe, expect, it } from 'vitest';
import { InstallPayloadSchema } from '../../../../shared/schemas/install.ts';
import { EMPTY_BRANCH, INITIAL_STATE, stepOfField, toPayload, validateStep, type WizardState } from './wizard-state.ts';

const filled: WizardState = {
  ...INITIAL_STATE,
  app: {
    ...INITIAL_STATE.app,
    name: 'Acorns',
    company_name: 'Acorn Ltd',
    customer_email: 'a@acorns.test',
    branches: [{ name: 'Oak Road', address: '3 Oak Road, Leeds', phone: '' }],
  },
  admin: {
    username: 'admin',
    firstName: 'Asha',
    lastName: 'Verma',
    email: 'h@acorns.test',
    password: 'long-enough',
    confirmPassword: 'long-enough',
  },
};

describe('install wizard steps', () => {
  it('starts with a prefilled username, never a password, one empty branch and the §9 database defaults', () => {
    expect(INITIAL_STATE.admin).toMatchObject({
      username: 'admin',
      firstName: '',
      lastName: '',
      password: '',
      confirmPassword: '',
    });
    expect(INITIAL_STATE.app.branches).toEqual([EMPTY_BRANCH]);
    expect(INITIAL_STATE.database).toMatchObject({ type: 'builtin', host: 'localhost', port: '5432' });
    expect(INITIAL_STATE.sampleContent).toBe(true);
  });

  it('needs a company name and a branch on step 1, the names and matching passwords on step 2 (§5)', () => {
    expect(validateStep(1, INITIAL_STATE)).toMatchObject({
      'app.company_name': 'Company name is required',
      'app.branches.0.name': 'Give the branch a name, e.g. Main Branch.',
      'app.branches.0.address': "Enter the branch's address.",
    });
    const none = { ...filled, app: { ...filled.app, branches: [] } };
    expect(validateStep(1, none)).toEqual({ 'app.branches': 'Add at least one branch: its name and address.' });
    const mismatch = { ...filled, admin: { ...filled.admin, confirmPassword: 'other' } };
    expect(validateStep(2, mismatch)).toEqual({ 'admin.confirmPassword': 'Passwords do not match' });
    const unnamed = { ...filled, admin: { ...filled.admin, firstName: '', lastName: ' ' } };
    expect(validateStep(2, unnamed)).toEqual({
      'admin.firstName': 'First name is required',
      'admin.lastName': 'Last name is required',
    });
    expect(validateStep(1, filled)).toEqual({});
    expect(validateStep(2, filled)).toEqual({});
  });

  it('takes any time zone the browser knows, not only the four of §9, and names a wrong one', () => {
    expect(validateStep(1, { ...filled, app: { ...filled.app, timezone: 'Pacific/Auckland' } })).toEqual({});
    expect(validateStep(1, { ...filled, app: { ...filled.app, timezone: 'Mars/Olympus' } })).toEqual({
      'app.timezone': 'Choose a time zone from the list, such as Europe/London.',
    });
  });

  it('checks the PostgreSQL fields only when PostgreSQL is chosen', () => {
    expect(validateStep(3, filled)).toEqual({});
    const pg = { ...filled, database: { ...filled.database, type: 'postgres' as const, port: 'abc' } };
    expect(Object.keys(validateStep(3, pg))).toEqual(
      expect.arrayContaining(['database.port', 'database.user', 'database.password']),
    );
  });

  it('builds the §3 payload the server accepts, and maps server fields back to their step', () => {
    expect(InstallPayloadSchema.safeParse(toPayload(filled)).success).toBe(true);
    expect(toPayload(filled).app.branches).toEqual(filled.app.branches);
    expect(toPayload(filled).admin).toMatchObject({ firstName: 'Asha', lastName: 'Verma' });
    const pg = toPayload({
      ...filled,
      database: { type: 'postgres', host: 'db', port: '6543', db: 'x', user: 'u', password: 'p' },
    });
    expect(pg.database).toEqual({ type: 'postgres', host: 'db', port: 6543, database: 'x', user: 'u', password: 'p' });
    expect(JSON.stringify(toPayload(filled))).not.toContain('confirmPassword');
    expect([stepOfField('app.branches.1.address'), stepOfField('admin.firstName'), stepOfField('database.host')]).toEqual([
      1, 2, 3,
    ]);
  });
});
