import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

/** Browser tests skip locally without Chromium (and say so); in CI they are mandatory. */
export function chromiumMissingReason(): string | null {
  if (existsSync(CHROMIUM_PATH)) return null;
  return `Chromium not found at ${CHROMIUM_PATH} (apt-get install -y chromium, or set CHROME_PATH)`;
}
