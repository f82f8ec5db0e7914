import { describe, expect, it } from 'vitest';
import { InstallPayloadSchema } from '../../../shared/schemas/install.ts';
import { zodFields } from '../../plugins/error-handler.ts';
import { payloadFromCli } from './install-cli-args.ts';

const ADMIN_ENV = {
  INSTALL_CONTACT_EMAIL: 'office@hilltop.test',
  INSTALL_ADMIN_EMAIL: 'head@hilltop.test',
  INSTALL_ADMIN_FIRST_NAME: 'Maya',
  INSTALL_ADMIN_LAST_NAME: 'Okafor',
  INSTALL_ADMIN_PASSWORD: 'very-secret-1',
};

describe('npm run install:school arguments', () => {
  it('reads flags, falls back to INSTALL_* variables, and builds a valid payload', () => {
    const payload = payloadFromCli(
      [
        '--school-name',
        'Hilltop',
        '--company-name',
        'Hilltop Ltd',
        '--sample-content',
        'no',
        '--branch',
        'Hill Street | 4 Hill Street, Bristol BS1 4QA | 0117 496 0000',
        '--branch',
        'Harbour | 2 Quay Road, Bristol',
        '--timezone',
        'Pacific/Auckland',
      ],
      { ...ADMIN_ENV, INSTALL_SCHOOL_NAME: 'ignored: the flag wins' },
    );
    const parsed = InstallPayloadSchema.parse(payload);
    expect(parsed).toMatchObject({
      database: { type: 'builtin' },
      app: {
        name: 'Hilltop',
        company_name: 'Hilltop Ltd',
        customer_email: 'office@hilltop.test',
        timezone: 'Pacific/Auckland',
        branches: [
          { name: 'Hill Street', address: '4 Hill Street, Bristol BS1 4QA', phone: '0117 496 0000' },
          { name: 'Harbour', address: '2 Quay Road, Bristol', phone: '' },
        ],
      },
      admin: { username: 'admin', firstName: 'Maya', lastName: 'Okafor', email: 'head@hilltop.test', password: 'very-secret-1' },
      sampleContent: false,
    });
  });

  it('takes the branches one per line from INSTALL_BRANCHES, and the time zone by default', () => {
    const payload = payloadFromCli([], {
      ...ADMIN_ENV,
      INSTALL_BRANCHES: 'Hill Street | 4 Hill Street\n\nHarbour | 2 Quay Road | 0117 496 0001\n',
    });
    expect(payload.app.branches).toEqual([
      { name: 'Hill Street', address: '4 Hill Street', phone: '' },
      { name: 'Harbour', address: '2 Quay Road', phone: '0117 496 0001' },
    ]);
    expect(payload.app.timezone).toBe('Asia/Kolkata');
  });

  it("validates as the wizard's API does: a branch, the administrator's names, a real time zone", () => {
    const result = InstallPayloadSchema.safeParse(
      payloadFromCli(['--sample-content', 'no', '--timezone', 'Mars/Olympus', '--branch', 'Hill Street | '], {
        INSTALL_ADMIN_PASSWORD: 'very-secret-1',
      }),
    );
    expect(result.success).toBe(false);
    expect(Object.keys(zodFields(result.error!))).toEqual(
      expect.arrayContaining(['app.timezone', 'app.branches.0.address', 'admin.firstName', 'admin.lastName']),
    );
    const none = InstallPayloadSchema.safeParse(payloadFromCli(['--sample-content', 'no'], ADMIN_ENV));
    expect(zodFields(none.error!)['app.branches']).toBe('Add at least one branch: its name and address.');
  });

  it('says how to write a branch it cannot read', () => {
    expect(() => payloadFromCli(['--branch', 'Only a name'], {})).toThrow(/A branch is "NAME \| ADDRESS \| PHONE"/);
  });

  it('turns a PostgreSQL URL into the database details', () => {
    const payload = payloadFromCli(['--postgres-url', 'postgres://app:p%40ss@db.local:6543/sprout'], {});
    expect(payload.database).toEqual({
      type: 'postgres',
      host: 'db.local',
      port: 6543,
      database: 'sprout',
      user: 'app',
      password: 'p@ss',
    });
  });

  it('refuses unknown flags', () => {
    expect(() => payloadFromCli(['--shool-name', 'x'], {})).toThrow(/Unknown option/);
  });
});
