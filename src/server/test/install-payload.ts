import type { InstallPayload } from '../../shared/schemas/install.ts';
import { TEST_SETUP_CODE } from './build-test-app.ts';

/** A valid §3 install payload for tests; override any part. */
export function installPayload(overrides: Partial<InstallPayload> = {}): InstallPayload {
  return {
    database: { type: 'builtin' },
    app: {
      name: 'Little Acorns',
      company_name: 'Acorn Education Ltd',
      customer_email: 'office@acorns.test',
      timezone: 'Europe/London',
      customer_id: 'C-1001',
      customer_license: 'LIC-XYZ',
    },
    admin: { username: 'principal', email: 'principal@acorns.test', password: 'acorns-admin-1' },
    sampleContent: false,
    // Every install request gives the code (DESIGN §4), from the server itself too.
    setupCode: TEST_SETUP_CODE,
    ...overrides,
  };
}
