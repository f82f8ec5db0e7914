import { describe, expect, it } from 'vitest';
import { InstallPayloadSchema } from '../../../../shared/schemas/install.ts';
import { INITIAL_STATE, stepOfField, toPayload, validateStep, type WizardState } from './wizard-state.ts';

const filled: WizardState = {
  ...INITIAL_STATE,
  app: { ...INITIAL_STATE.app, name: 'Acorns', company_name: 'Acorn Ltd', customer_email: 'a@acorns.test' },
  admin: { username: 'admin', email: 'h@acorns.test', password: 'long-enough', confirmPassword: 'long-enough' },
};

describe('install wizard steps', () => {
  it('starts with a prefilled username, never a password, and the §9 database defaults', () => {
    expect(INITIAL_STATE.admin).toMatchObject({ username: 'admin', password: '', confirmPassword: '' });
    expect(INITIAL_STATE.database).toMatchObject({ type: 'builtin', host: 'localhost', port: '5432' });
    expect(INITIAL_STATE.sampleContent).toBe(true);
  });

  it('needs a company name on step 1 and matching passwords on step 2 (§5)', () => {
    expect(validateStep(1, INITIAL_STATE)).toMatchObject({ 'app.company_name': 'Company name is required' });
    const mismatch = { ...filled, admin: { ...filled.admin, confirmPassword: 'other' } };
    expect(validateStep(2, mismatch)).toEqual({ 'admin.confirmPassword': 'Passwords do not match' });
    expect(validateStep(1, filled)).toEqual({});
    expect(validateStep(2, filled)).toEqual({});
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
    const pg = toPayload({
      ...filled,
      database: { type: 'postgres', host: 'db', port: '6543', db: 'x', user: 'u', password: 'p' },
    });
    expect(pg.database).toEqual({ type: 'postgres', host: 'db', port: 6543, database: 'x', user: 'u', password: 'p' });
    expect(JSON.stringify(toPayload(filled))).not.toContain('confirmPassword');
    expect([stepOfField('app.name'), stepOfField('admin.email'), stepOfField('database.host')]).toEqual([1, 2, 3]);
  });
});
