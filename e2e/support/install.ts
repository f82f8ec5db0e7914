import type { Page } from 'playwright-core';
import type { InstallPayload } from '../../src/shared/schemas/install.ts';
import { E2E_SETUP_CODE } from './server.ts';

export const E2E_ADMIN = { username: 'admin', email: 'admin@school.test', password: 'admin-password-1' };
export const E2E_SCHOOL_NAME = 'Sunny Sprouts Preschool';
/** The test school's own two branches, as the install wizard takes them. */
export const E2E_BRANCHES = [
  { name: 'Main Branch', address: '12 Garden Lane, Green Park', phone: '+91 98765 43210' },
  { name: 'City Branch', address: '48 Lake View Road, Sunrise Colony', phone: '+91 98765 43211' },
];

/**
 * Installs a started server through its real API, with the setup code startServer gave it.
 * `sampleContent` is off unless asked for. Returns the payload used, with the admin's credentials.
 */
export async function installSchool(
  server: { url: string; logs?: () => string },
  overrides: Partial<InstallPayload> = {},
): Promise<InstallPayload & { admin: typeof E2E_ADMIN }> {
  const payload = {
    database: { type: 'builtin' as const },
    app: {
      name: E2E_SCHOOL_NAME,
      company_name: 'Sunny Sprouts Education',
      customer_email: 'office@school.test',
      timezone: 'Asia/Kolkata',
      branches: E2E_BRANCHES,
    },
    admin: { ...E2E_ADMIN, firstName: 'Meera', lastName: 'Iyer' },
    sampleContent: false,
    ...overrides,
  };
  const response = await fetch(`${server.url}/api/install`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-setup-code': E2E_SETUP_CODE },
    body: JSON.stringify(payload),
  });
  if (response.status !== 201) {
    const errors = (server.logs?.() ?? '').split('\n').filter((line) => /"level":(50|60)/.test(line));
    throw new Error(`Install failed (${response.status}): ${await response.text()}\n${errors.slice(-3).join('\n')}`);
  }
  return payload as InstallPayload & { admin: typeof E2E_ADMIN };
}

/** Signs the page's browser context in as the installed admin through the API (not the login form). */
export async function signInAsAdmin(page: Page, server: { url: string }) {
  const response = await page.request.post(`${server.url}/api/auth/login`, {
    data: { username: E2E_ADMIN.username, password: E2E_ADMIN.password },
  });
  if (!response.ok()) throw new Error(`Sign-in failed: ${response.status()} ${await response.text()}`);
}
