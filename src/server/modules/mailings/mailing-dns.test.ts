import { describe, expect, it } from 'vitest';
import { checkMailDns, mailDomain, type TxtResolver } from './mailing-dns.ts';

const notFound = () => Object.assign(new Error('not found'), { code: 'ENOTFOUND' });

/** A DNS answering from a table; names not in it are "not found". */
const dns = (records: Record<string, string[][]>, working = true): TxtResolver => ({
  resolveTxt: async (name) => {
    if (records[name]) return records[name];
    throw notFound();
  },
  resolveNs: async () => {
    if (working) return ['a.nic.example'];
    throw notFound();
  },
});

describe('checkMailDns', () => {
  it('finds SPF on the domain and DMARC on _dmarc (or on the parent domain)', async () => {
    const result = await checkMailDns(
      'mail.school.org',
      dns({ 'mail.school.org': [['v=spf1 include:_spf.host.net ~all']], '_dmarc.school.org': [['v=DMARC1; ', 'p=none']] }),
    );
    expect(result).toEqual({
      checked: true,
      domain: 'mail.school.org',
      spf: { found: true, record: 'v=spf1 include:_spf.host.net ~all' },
      dmarc: { found: true, record: 'v=DMARC1; p=none' },
      missing: [],
    });
  });

  it('says what is missing and how to add it', async () => {
    const result = await checkMailDns('school.org', dns({ 'school.org': [['google-site-verification=abc']] }));
    expect(result).toMatchObject({ checked: true, missing: ['SPF', 'DMARC'] });
    if (!result.checked) throw new Error('unchecked');
    expect(result.spf).toMatchObject({ found: false, advice: expect.stringContaining('v=spf1') });
    expect(result.dmarc).toMatchObject({ found: false, advice: expect.stringContaining('_dmarc.school.org') });
  });

  it('says it could not check when DNS gives no answers, rather than that records are missing', async () => {
    expect(await checkMailDns('school.org', dns({}, false))).toMatchObject({
      checked: false,
      reason: expect.stringContaining('no answers from DNS'),
    });
    const hanging: TxtResolver = { resolveTxt: () => new Promise(() => {}), resolveNs: () => new Promise(() => {}) };
    expect(await checkMailDns('school.org', hanging, 50)).toMatchObject({
      checked: false,
      reason: expect.stringContaining('ETIMEOUT'),
    });
  });

  it('does not look up example domains or nothing', async () => {
    expect(await checkMailDns('sprout-preschool.example', dns({}))).toMatchObject({ checked: false });
    expect(await checkMailDns(null, dns({}))).toMatchObject({ checked: false, domain: null });
  });
});

describe('mailDomain', () => {
  it("takes the school's e-mail domain, else the site address's host", () => {
    expect(mailDomain('hello@School.org', 'https://www.school.org')).toBe('school.org');
    expect(mailDomain('', 'https://www.school.org/')).toBe('www.school.org');
    expect(mailDomain('', null)).toBeNull();
  });
});
