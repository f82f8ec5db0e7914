import { Resolver } from 'node:dns/promises';
import type { DnsCheck, DnsRecordCheck } from '../../../shared/schemas/mailing.ts';

/** The part of node:dns/promises' Resolver the check uses (tests give their own). */
export interface TxtResolver {
  resolveTxt(name: string): Promise<string[][]>;
  resolveNs(name: string): Promise<string[]>;
}

export const systemResolver = (): TxtResolver => new Resolver({ timeout: 2000, tries: 1 });

/** Names that answer "no such record": the DNS worked and said no. */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);
const RESERVED_TLDS = new Set(['example', 'test', 'invalid', 'localhost', 'local', 'internal', 'lan']);

/** The domain the school's mail comes from: its e-mail address's, else the site address's host. */
export function mailDomain(schoolEmail: string, siteOrigin: string | null): string | null {
  const fromEmail = schoolEmail.split('@')[1]?.trim().toLowerCase();
  if (fromEmail) return fromEmail;
  try {
    return siteOrigin ? new URL(siteOrigin).hostname.toLowerCase() || null : null;
  } catch {
    return null;
  }
}

/** TXT records of `name` joined, or null when the DNS says there are none. Other errors are thrown. */
async function txt(resolver: TxtResolver, name: string): Promise<string[] | null> {
  try {
    return (await resolver.resolveTxt(name)).map((parts) => parts.join(''));
  } catch (error) {
    if (ABSENT.has((error as { code?: string }).code ?? '')) return null;
    throw error;
  }
}

const find = (records: string[] | null, prefix: RegExp) => records?.find((r) => prefix.test(r.trim())) ?? null;

/**
 * Looks up SPF (a TXT record starting v=spf1 on the domain) and DMARC (a TXT record starting
 * v=DMARC1 on _dmarc.domain, or on the parent domain's) and says what is missing. Without DNS
 * answers (no network, a resolver refusing), it says it could not check: that is not an error.
 */
export async function checkMailDns(
  domain: string | null,
  resolver: TxtResolver = systemResolver(),
  deadlineMs = 4000,
): Promise<DnsCheck> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error('DNS timed out'), { code: 'ETIMEOUT' })), deadlineMs);
  });
  try {
    return await Promise.race([lookUp(domain, resolver), deadline]).catch((error: unknown) => couldNotCheck(domain!, error));
  } finally {
    clearTimeout(timer);
  }
}

function couldNotCheck(domain: string, error: unknown): DnsCheck {
  const code = (error as { code?: string }).code ?? 'no answer';
  return {
    checked: false,
    domain,
    reason: `Could not check ${domain}: this server gets no answers from DNS (${code}). Mail may still work; check again from a server with internet access.`,
  };
}

async function lookUp(domain: string | null, resolver: TxtResolver): Promise<DnsCheck> {
  if (!domain) return { checked: false, domain: null, reason: 'The school has no e-mail address or site address to check yet.' };
  const labels = domain.split('.');
  if (labels.length < 2 || RESERVED_TLDS.has(labels.at(-1)!)) {
    return {
      checked: false,
      domain,
      reason: `${domain} is not a domain on the internet. Enter the school's real e-mail address in Settings > School profile.`,
    };
  }
  const parent = labels.slice(-2).join('.');
  const [spfRecords, dmarcRecords] = await Promise.all([txt(resolver, domain), txt(resolver, `_dmarc.${domain}`)]);
  const parentDmarc = !find(dmarcRecords, /^v=DMARC1/i) && parent !== domain ? await txt(resolver, `_dmarc.${parent}`) : null;
  // Nothing at all: a machine whose DNS answers "not found" to everything looks the same as a bare
  // domain, so ask for the top-level domain's name servers, which exist wherever DNS works.
  if (!spfRecords && !dmarcRecords && !parentDmarc) await resolver.resolveNs(labels.at(-1)!);
  const spf = find(spfRecords, /^v=spf1(\s|$)/i);
  const dmarc = find(dmarcRecords, /^v=DMARC1/i) ?? find(parentDmarc, /^v=DMARC1/i);
  const spfCheck: DnsRecordCheck = spf
    ? { found: true, record: spf }
    : {
        found: false,
        advice: `Add a TXT record on ${domain} starting with v=spf1 that names the server sending the school's mail (your mail provider gives it, e.g. v=spf1 include:_spf.example.net ~all).`,
      };
  const dmarcCheck: DnsRecordCheck = dmarc
    ? { found: true, record: dmarc }
    : {
        found: false,
        advice: `Add a TXT record on _dmarc.${domain}, e.g. v=DMARC1; p=none; rua=mailto:postmaster@${domain}`,
      };
  const missing = [...(spf ? [] : ['SPF']), ...(dmarc ? [] : ['DMARC'])];
  return { checked: true, domain, spf: spfCheck, dmarc: dmarcCheck, missing };
}
