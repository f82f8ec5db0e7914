import type { SendMailOptions } from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';

/** Below Gmail's clipping (102 KB of message), with room for headers a relay adds. */
export const MAILING_MAX_BYTES = 100 * 1024;

export interface MailingContent {
  id: number;
  subject: string;
  html: string;
  text: string;
  operational: boolean;
  audienceLabel: string;
  siteOrigin: string;
}

export interface MailingAddressee {
  /** The recipient row's id: with the mailing's, it names the message (its Message-ID). */
  id: number;
  email: string;
  name: string | null;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** An origin without the slashes that may end it (linear: no regex over untrusted text). */
export function originOf(value: string) {
  let end = value.length;
  while (end > 0 && value[end - 1] === '/') end--;
  return value.slice(0, end);
}

export const hostOf = (origin: string) => {
  try {
    return new URL(origin).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
};

/**
 * The same for every delivery of one recipient's copy, so a copy sent again after a crash is the
 * same message to the recipient's mail client (Gmail and others show one).
 */
export const mailingMessageId = (mailingId: number, recipientId: number, siteOrigin: string) =>
  `<mailing-${mailingId}-${recipientId}@${hostOf(siteOrigin)}>`;

function footerLines(school: SchoolProfile, mailing: MailingContent, unsubscribeUrl: string | undefined) {
  const addresses = school.branches.map((b) => (school.branches.length > 1 ? `${b.name}: ${b.address}` : b.address));
  const why = mailing.operational
    ? `Sent by ${school.name} to ${mailing.audienceLabel}.`
    : `You receive this because you subscribed to news from ${school.name}.`;
  return { addresses, why, unsubscribeUrl };
}

/** One recipient's copy: the school's layout around the body, in HTML and plain text. */
export function mailingMessage(
  mailing: MailingContent,
  to: MailingAddressee,
  school: SchoolProfile,
  unsubscribeUrl?: string,
): SendMailOptions {
  const foot = footerLines(school, mailing, unsubscribeUrl);
  const site = originOf(mailing.siteOrigin);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(mailing.subject)}</title></head>
<body style="margin:0;padding:0;background:#f6f5f1;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f6f5f1"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #e5e2da;font-size:20px;font-weight:bold"><a href="${escapeHtml(site)}" style="color:#2f6b3a;text-decoration:none">${escapeHtml(school.name)}</a></td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">${mailing.html}</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e2da;font-size:13px;line-height:1.5;color:#52606d">
<p style="margin:0 0 8px">${escapeHtml(school.name)}<br>${foot.addresses.map(escapeHtml).join('<br>')}</p>
<p style="margin:0">${escapeHtml(foot.why)}${
    unsubscribeUrl ? ` <a href="${escapeHtml(unsubscribeUrl)}" style="color:#2f6b3a">Unsubscribe</a>` : ''
  }</p>
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    mailing.text.trim(),
    '',
    '-- ',
    school.name,
    ...foot.addresses,
    site,
    '',
    foot.why,
    ...(unsubscribeUrl ? [`Unsubscribe: ${unsubscribeUrl}`] : []),
  ].join('\n');
  return {
    from: { name: school.name, address: school.email },
    to: to.name ? { name: to.name, address: to.email } : to.email,
    subject: mailing.subject,
    messageId: mailingMessageId(mailing.id, to.id, mailing.siteOrigin),
    html,
    text,
    ...(unsubscribeUrl
      ? {
          // RFC 8058: one-click, the POST a mail client sends to the link.
          headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        }
      : {}),
  };
}

/** The message's size as sent (MIME, encoded), in bytes. */
export async function messageBytes(message: SendMailOptions): Promise<number> {
  const raw = await new MailComposer(message).compile().build();
  return raw.length;
}
