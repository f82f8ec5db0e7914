import { UAParser } from 'ua-parser-js';

/** A person's words for the device behind a user agent: "Chrome", "Android", "Phone". */
export function describeDevice(userAgent: string | null): { browser: string; os: string; device: string } {
  if (!userAgent) return { browser: 'Unknown browser', os: 'Unknown system', device: 'Unknown device' };
  const { browser, os, device } = UAParser(userAgent);
  const kind = device.type === 'mobile' ? 'Phone' : device.type === 'tablet' ? 'Tablet' : device.type ? 'Device' : 'Computer';
  return {
    browser: [browser.name, browser.major].filter(Boolean).join(' ') || 'Unknown browser',
    os: [os.name, os.version].filter(Boolean).join(' ') || 'Unknown system',
    device: [device.vendor, device.model].filter(Boolean).join(' ') || kind,
  };
}
