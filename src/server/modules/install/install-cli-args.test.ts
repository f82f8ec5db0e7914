import { describe, expect, it } from 'vitest';
import { InstallPayloadSchema } from '../../../shared/schemas/install.ts';
import { payloadFromCli } from './install-cli-args.ts';

describe('npm run install:school arguments', () => {
  it('reads flags, falls back to INSTALL_* variables, and builds a valid payload', () => {
    const payload = payloadFromCli(['--school-name', 'Hilltop', '--company-name', 'Hilltop Ltd', '--sample-content', 'no'], {
      INSTALL_CONTACT_EMAIL: 'office@hilltop.test',
      INSTALL_ADMIN_EMAIL: 'head@hilltop.test',
      INSTALL_ADMIN_PASSWORD: 'very-secret-1',
      INSTALL_SCHOOL_NAME: 'ignored: the flag wins',
    });
    const parsed = InstallPayloadSchema.parse(payload);
    expect(parsed).toMatchObject({
      database: { type: 'builtin' },
      app: { name: 'Hilltop', company_name: 'Hilltop Ltd', customer_email: 'office@hilltop.test', timezone: 'Asia/Kolkata' },
      admin: { username: 'admin', email: 'head@hilltop.test', password: 'very-secret-1' },
      sampleContent: false,
    });
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
