import type { InstallPayload } from '../../shared/schemas/install.ts';
import type { Branch } from '../../shared/schemas/school.ts';
import { SAMPLE_BRANCHES } from '../modules/sample/sample-content.ts';
import { TEST_SETUP_CODE } from './build-test-app.ts';

/** The branches of the school installTestSchool sets up: the spec's two, as that school's own. */
export const TEST_BRANCHES: Branch[] = SAMPLE_BRANCHES.map(({ sample: _sample, ...branch }) => branch);

/** The test school's administrator; spread it to change one part (`{ ...TEST_ADMIN, password }`). */
export const TEST_ADMIN = {
  username: 'principal',
  firstName: 'Asha',
  lastName: 'Verma',
  email: 'principal@acorns.test',
  password: 'acorns-admin-1',
};

/** A valid §3 install payload for tests (a school of its own, one branch); override any part. */
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
      branches: [{ name: 'Oak Road', address: '3 Oak Road, Leeds LS6 2AB', phone: '0113 496 0000' }],
    },
    admin: TEST_ADMIN,
    sampleContent: false,
    // Every install request gives the code (DESIGN §4), from the server itself too.
    setupCode: TEST_SETUP_CODE,
    ...overrides,
  };
}
