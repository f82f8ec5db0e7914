import { describe, expect, it } from 'vitest';
import { addressWithoutCode, setupCodeFromAddress } from './use-setup-code-from-address.ts';

describe('the setup code in the wizard’s address', () => {
  it('is read from ?code=', () => {
    expect(setupCodeFromAddress('?code=ABCD-EFGH-JKLM')).toBe('ABCD-EFGH-JKLM');
    expect(setupCodeFromAddress('?x=1&code=%20abcd-efgh-jklm%20')).toBe('abcd-efgh-jklm');
    expect(setupCodeFromAddress('')).toBe('');
    expect(setupCodeFromAddress(`?code=${'A'.repeat(500)}`)).toHaveLength(100);
  });

  it('is taken out of the address, the rest kept', () => {
    expect(addressWithoutCode({ pathname: '/install', search: '?code=ABCD', hash: '' })).toBe('/install');
    expect(addressWithoutCode({ pathname: '/install', search: '?lang=en&code=ABCD', hash: '#top' })).toBe('/install?lang=en#top');
  });
});
