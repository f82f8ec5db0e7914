import type { SendMailOptions } from 'nodemailer';
import { formatLongDate, formatTime, formatWeekdayDate } from '../../../shared/dates.ts';
import { TOPIC_LABELS, UNCONFIRMED_DAYS, type NewsletterTopic } from '../../../shared/schemas/newsletter-options.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';

/*
 * What the newsletter sends (issue 33): the confirmation of a subscription (sent at once, like the
 * family sign-in link), and the bodies of the mailings the engine sends (a post, the weekly
 * digest). A body is simple HTML with inline styles; the engine puts the school's layout and the
 * unsubscribe link around it.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The site's origin without a trailing slash (the engine stores it so). */
const siteOf = (origin: string) => (origin.endsWith('/') ? origin.slice(0, -1) : origin);

/** An address on the site (a stored path such as /uploads/x.webp) made absolute; other schemes are dropped. */
const absolute = (origin: string, path: string | null) => {
  if (!path) return null;
  if (/^https:\/\//i.test(path)) return path;
  return path.startsWith('/') && !path.startsWith('//') ? `${siteOf(origin)}${path}` : null;
};

const topicWords = (topics: readonly NewsletterTopic[]) => topics.map((t) => TOPIC_LABELS[t].toLowerCase()).join(' and ');
const from = (school: SchoolProfile) => ({ name: `${school.name} website`, address: school.email });

/** The double opt-in's message: the link that confirms (valid UNCONFIRMED_DAYS days). */
export function confirmationMessage(
  school: SchoolProfile,
  to: string,
  link: string,
  choice: { topics: NewsletterTopic[]; branch: string | null },
): SendMailOptions {
  const what = `${topicWords(choice.topics)}${choice.branch ? ` (${choice.branch})` : ''}`;
  return {
    from: from(school),
    to,
    subject: `Confirm your subscription to ${school.name}`,
    text: [
      'Hello,',
      '',
      `Someone, we hope you, asked to receive ${what} from ${school.name} by e-mail at this address.`,
      `To confirm, open this link within ${UNCONFIRMED_DAYS} days:`,
      '',
      link,
      '',
      'If it was not you, ignore this e-mail: nothing will be sent, and we forget the address after a week.',
    ].join('\n'),
  };
}

/** Sent instead of a confirmation when the address is subscribed already (the page said the same either way). */
export function alreadySubscribedMessage(school: SchoolProfile, to: string, unsubscribeLink: string): SendMailOptions {
  return {
    from: from(school),
    to,
    subject: `You are already subscribed to ${school.name}`,
    text: [
      'Hello,',
      '',
      `Someone asked to subscribe this address to news from ${school.name}. It is subscribed already, so nothing has changed.`,
      '',
      `To stop receiving our e-mails, use this link: ${unsubscribeLink}`,
    ].join('\n'),
  };
}

export interface MailedPost {
  title: string;
  slug: string;
  excerpt: string;
  coverImage: string | null;
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0 0"><a href="${escapeHtml(href)}" style="display:inline-block;background:#2f6b3a;color:#ffffff;padding:12px 20px;border-radius:999px;font-weight:bold;text-decoration:none">${escapeHtml(label)}</a></p>`;

/** A published post as a mailing: its title, cover, excerpt and a "Read on the site" link. */
export function postMailing(post: MailedPost, origin: string) {
  const link = `${siteOf(origin)}/blog/${encodeURIComponent(post.slug)}`;
  const cover = absolute(origin, post.coverImage);
  const html = [
    `<h1 style="margin:0 0 16px;font-size:24px;line-height:1.3">${escapeHtml(post.title)}</h1>`,
    cover
      ? `<img src="${escapeHtml(cover)}" alt="" width="552" style="display:block;width:100%;max-width:552px;height:auto;border-radius:8px">`
      : '',
    post.excerpt ? `<p style="margin:16px 0 0">${escapeHtml(post.excerpt)}</p>` : '',
    button(link, 'Read on the site'),
  ].join('');
  const text = [post.title, '', ...(post.excerpt ? [post.excerpt, ''] : []), `Read on the site: ${link}`].join('\n');
  return { subject: post.title, html, text };
}

export interface DigestEvent {
  title: string;
  slug: string | null;
  id: number;
  startDate: Date;
  location: string;
}

/** The weekly digest: the posts published since the last one and the events of the coming fortnight. */
export function digestMailing(
  school: Pick<SchoolProfile, 'name' | 'timezone'>,
  origin: string,
  day: Date,
  posts: (MailedPost & { publishedAt: Date | null })[],
  events: DigestEvent[],
) {
  const site = siteOf(origin);
  const tz = school.timezone;
  const postLink = (p: MailedPost) => `${site}/blog/${encodeURIComponent(p.slug)}`;
  const eventLink = (e: DigestEvent) => `${site}/event/${encodeURIComponent(e.slug ?? String(e.id))}`;
  const when = (e: DigestEvent) => `${formatWeekdayDate(e.startDate, tz)}, ${formatTime(e.startDate, tz)}`;
  const heading = (text: string) => `<h2 style="margin:24px 0 8px;font-size:20px">${escapeHtml(text)}</h2>`;
  const html = [
    `<h1 style="margin:0;font-size:24px">This week at ${escapeHtml(school.name)}</h1>`,
    `<p style="margin:4px 0 0;color:#52606d">${escapeHtml(formatLongDate(day, tz))}</p>`,
    posts.length ? heading('New on our blog') : '',
    ...posts.map(
      (p) =>
        `<p style="margin:12px 0 0"><a href="${escapeHtml(postLink(p))}" style="color:#2f6b3a;font-weight:bold">${escapeHtml(p.title)}</a>${
          p.excerpt ? `<br>${escapeHtml(p.excerpt)}` : ''
        }</p>`,
    ),
    events.length ? heading('Coming up in the next two weeks') : '',
    ...events.map(
      (e) =>
        `<p style="margin:12px 0 0"><span style="color:#52606d">${escapeHtml(when(e))}</span><br><a href="${escapeHtml(eventLink(e))}" style="color:#2f6b3a;font-weight:bold">${escapeHtml(e.title)}</a>${
          e.location ? `<br>${escapeHtml(e.location)}` : ''
        }</p>`,
    ),
  ].join('');
  const text = [
    `This week at ${school.name} (${formatLongDate(day, tz)})`,
    ...(posts.length ? ['', 'New on our blog:', ...posts.map((p) => `- ${p.title}: ${postLink(p)}`)] : []),
    ...(events.length
      ? ['', 'Coming up in the next two weeks:', ...events.map((e) => `- ${when(e)}: ${e.title} ${eventLink(e)}`)]
      : []),
  ].join('\n');
  return { subject: `This week at ${school.name}`, html, text };
}
