import type { Db } from '../../db/client.ts';
import { formatLongDate } from '../../../shared/dates.ts';
import type { AdmissionForm, ContactForm } from '../../../shared/schemas/enquiry.ts';
import type { BackupSchedule } from '../../../shared/schemas/backup.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { periodWords, type SecuritySettings } from '../../../shared/schemas/security.ts';
import { STAFF_NOTE, type SitePage, type SitePageContent } from '../../../shared/schemas/site-page.ts';
import { UNCONFIRMED_DAYS } from '../../../shared/schemas/newsletter-options.ts';
import { getSchedule } from '../backups/schedule.service.ts';
import { FAMILY_SESSION_DAYS, LINK_MINUTES } from '../family-auth/family-auth.service.ts';
import { getSecuritySettings } from '../security/security-settings.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { s3SettingsFromEnv } from '../../storage/storage.ts';
import { createPage } from './pages.service.ts';

/*
 * A privacy notice to start from (issue 30, GDPR art. 13): written from what this site really
 * collects and from the school's own settings, as a draft for staff to review. Notes for staff are
 * in square brackets starting "[Staff:"; a page cannot be published while one is left
 * (pages.service.ts).
 */

/** What the notice says of this school and this server. */
export interface PrivacyFacts {
  school: Pick<SchoolProfile, 'name' | 'email' | 'branches' | 'timezone'>;
  security: Pick<
    SecuritySettings,
    | 'enquiryRetentionMonths'
    | 'auditRetentionMonths'
    | 'sessionMaxDays'
    | 'sessionIdleHours'
    | 'familyAccessAfterLeaving'
    | 'photosAfterLeaving'
  >;
  backups: Pick<BackupSchedule, 'enabled' | 'keep'>;
  database: 'pglite' | 'pg';
  storage: 'folder' | 's3';
  today: Date;
}

/** The admission form's fields as a parent reads them (every field of the form, checked by its type). */
export const ADMISSION_WORDS: Record<Exclude<keyof AdmissionForm, 'website' | 'formToken'>, string> = {
  name: "your child's full name",
  birthDate: "your child's date of birth",
  fatherName: "the father's name",
  email: 'your e-mail address',
  phone: 'your phone number',
  address: 'your home address',
  department: 'the programme you are interested in',
  admissionDate: 'the date you would like your child to start',
  branch: 'the branch you prefer',
};
const CONTACT_WORDS: Record<Exclude<keyof ContactForm, 'website' | 'formToken'>, string> = {
  name: 'your name',
  email: 'your e-mail address',
  message: 'your message',
};

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const listOf = (items: string[]) => `<ul>${items.map((item) => `<li><p>${item}</p></li>`).join('')}</ul>`;
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const staff = (note: string) => `<mark>${STAFF_NOTE} ${escape(note)}]</mark>`;

/** The notice's HTML: plain, warm English for parents, with the notes for staff marked. */
export function privacyNoticeHtml(facts: PrivacyFacts): string {
  const { school, security, backups } = facts;
  const name = escape(school.name);
  const mail = `<a href="mailto:${escape(school.email)}">${escape(school.email)}</a>`;
  const address = school.branches[0]?.address;
  const database =
    facts.database === 'pg' ? 'a PostgreSQL database server that the website uses' : 'the database built into the website';
  const photos =
    facts.storage === 's3'
      ? 'in an online storage service (S3-compatible storage) that the website uses'
      : 'in a folder on the same server';
  const backupText = backups.enabled
    ? `A backup copy of the website's data is made every night, and the newest ${backups.keep === 1 ? 'copy is' : `${backups.keep} copies are`} kept: information deleted from the website is gone from the backups ${plural(backups.keep, 'day')} later.`
    : `The school may keep backup copies of the website's data to keep it safe. ${staff('say where backup copies are kept and for how long, or remove this sentence.')}`;
  return [
    `<p>${staff(
      `Sprout wrote this notice on ${formatLongDate(facts.today, school.timezone)} from what this website collects and from your settings at that time (Settings > Security). Please read it all, fill in or remove every note like this one, and then publish it. The page cannot be published while a note for staff is left. If you later change the settings it mentions, update this page too.`,
    )}</p>`,
    `<p>This notice explains what information ${name} collects through this website, why we collect it, how long we keep it, and the rights you have. We have tried to keep it short and clear. If anything is not clear, please ask us.</p>`,

    '<h2>Who we are</h2>',
    `<p>This website belongs to ${name}. We are responsible for the personal information you share with us through it (in data protection law, we are the “controller”). You can reach us about anything in this notice at ${mail}${address ? ` or by post at ${escape(address)}` : ''}.</p>`,

    '<h2>What we collect, and why</h2>',
    '<h3>When you apply for a place</h3>',
    '<p>The admission form asks for:</p>',
    listOf(Object.values(ADMISSION_WORDS)),
    `<p>We use these details to consider your application, to contact you about it, to invite you to visit us and, if your child joins us, to prepare for their first day. While we consider the application, our staff add notes to it, such as when we spoke to you or the date of your visit. We need this information because you have asked us for a place for your child: in data protection law, these are steps taken at your request before entering into an agreement with you.</p>`,
    '<h3>If your child joins us</h3>',
    `<p>We keep a record of your family: the names, e-mail addresses and phone numbers of the parents or carers you give us, and each child's name, date of birth, group, and the dates they start and leave. We also keep your choices about photos of your child, with when and by whom each choice was recorded, so that we can show that we follow them.</p>`,
    `<p>We show a photo of your child only where you have allowed it: on this website, or to other families of the school in the family area. If you choose “no images anywhere”, no photo of your child is shown to anyone outside our staff. You can change your choices at any time in the family area or by asking us.</p>`,
    `<p>To sign in to the family area, you ask for a link by e-mail. The link works once, for ${LINK_MINUTES} minutes. We record when a link was sent, but never keep the link itself.</p>`,
    '<h3>When you send us a message</h3>',
    `<p>The contact form asks for ${Object.values(CONTACT_WORDS)
      .join(', ')
      .replace(/, ([^,]*)$/, ' and $1')}. We use them only to answer you.</p>`,
    '<h3>Our newsletter</h3>',
    `<p>If you subscribe to our newsletter (at the bottom of our pages, on our blog, or in the family area), we keep your e-mail address, what you chose to hear about (news and new posts, coming events), the branch if you chose one, and when and where you agreed. Nothing is sent until you confirm with the link we e-mail you; an address that is not confirmed within ${plural(UNCONFIRMED_DAYS, 'day')} is deleted. A parent who subscribes in the family area has no link to confirm: signing in has already shown the address is theirs.</p>`,
    `<p>We use your address only to send you the newsletter: our news, new posts on our blog, and a weekly summary of them with the events coming up. We send it because you asked for it: in data protection law, the lawful basis is your consent, and you can withdraw it at any time. Every newsletter e-mail has a link to unsubscribe in one click, parents can also unsubscribe in the family area, or you can write to us. Once you unsubscribe, we keep your address only marked as unsubscribed, so that the newsletter is never sent to you again; ask us if you want it deleted.</p>`,
    '<h3>E-mails</h3>',
    `<p>When a form arrives, a copy is sent to the school's e-mail inbox so that we can answer quickly. After you apply for a place, we may e-mail you a confirmation with the reference of your application, and later an invitation to visit us.</p>`,
    '<h3>Keeping the forms safe</h3>',
    `<p>With each form we keep the internet address (IP address) of the device that sent it, so that we can stop anyone from sending us large numbers of false forms. Keeping the website working is our legitimate interest here, and we use this address for nothing else.</p>`,
    `<p>While you fill in the admission form, your own browser remembers what you have typed, so that nothing is lost if the page is reloaded. This stays on your device: we receive nothing until you send the form, and your browser forgets it once the form is sent.</p>`,

    '<h2>Cookies</h2>',
    `<p>Visitors get no cookies from this website. Reading our pages and sending a form sets none, and there is no advertising or tracking of visitors.</p>`,
    `<p>When a parent signs in to the family area, one cookie keeps them signed in, for ${plural(FAMILY_SESSION_DAYS, 'day')} after their last visit or until they sign out. It is strictly necessary for the family area and is never used for anything else.</p>`,
    `<p>Our staff get cookies too when they sign in to look after the website: one keeps them signed in (for at most ${plural(security.sessionMaxDays, 'day')}, and it ends after ${plural(security.sessionIdleHours, 'hour')} without use), and a short-lived one is used during a two-step sign-in. These are strictly necessary for signing in and are never used for anything else.</p>`,

    '<h2>Content from other websites</h2>',
    `<p>The map on our Contact page comes from OpenStreetMap, and videos in our galleries may come from YouTube or Vimeo. When your browser shows them, it connects to those services, which then see your internet address. Their own privacy notices apply to what they do.</p>`,

    '<h2>Where your information is kept, and who sees it</h2>',
    `<p>Everything you send us through this website is kept on the server that runs it, in ${database}. Photos on our website are kept ${photos}. ${staff('name the company or place that hosts the website, and the country it is in.')}</p>`,
    `<p>Only members of our staff whose role lets them see enquiries or families can read your details. We do not sell your information, and we do not share it with anyone else unless the law requires us to.</p>`,

    '<h2>How long we keep it</h2>',
    listOf([
      `An application or a message that nothing has happened to for ${plural(security.enquiryRetentionMonths, 'month')} is deleted automatically. We keep only a count of how many enquiries we received each month, with no names or details.`,
      `If your child joins us, their application is kept as part of their record. ${staff('say how long you keep the records of children who joined you.')}`,
      `When all your children have left us, you can still sign in to the family area for ${periodWords(security.familyAccessAfterLeaving)} after the last leaving date. After that, your access ends.`,
      `${periodWords(security.photosAfterLeaving)} after your child leaves us, photos in which we have marked your child are no longer shown to other families or on this website, and we delete our record of which photos your child appears in. ${staff('say how long your staff keep these photos, or that you delete them.')}`,
      `A newsletter subscription is kept until you unsubscribe; one that is never confirmed is deleted after ${plural(UNCONFIRMED_DAYS, 'day')}.`,
      backupText,
      `Our record of what staff do in the website (the audit log) is kept for ${plural(security.auditRetentionMonths, 'month')}.`,
    ]),

    '<h2>Your rights</h2>',
    '<p>You have the right to:</p>',
    listOf([
      'ask for a copy of the information we hold about you and your child;',
      'ask us to correct anything that is wrong or incomplete;',
      'ask us to delete your information;',
      'ask us to stop using it, or to use it only in limited ways, and object to how we use it;',
      'receive the information you gave us in a common format, to pass on to someone else.',
    ]),
    `<p>To use any of these rights, write to us at ${mail}. It costs nothing, and we will answer within one month.</p>`,
    `<p>If you are unhappy with how we have handled your information, please tell us first so that we can put it right. You also have the right to complain to the data protection authority: ${staff("name your data protection authority and how to reach it, for example the Information Commissioner's Office (ico.org.uk) in the UK.")}</p>`,

    '<h2>Changes to this notice</h2>',
    '<p>If we change what we collect or how we use it, we will update this page. The date it was last updated is shown at the top.</p>',
  ].join('');
}

/** The draft page: title, address and placement as the footer's Quick Link expects them. */
export const privacyNoticePage = (facts: PrivacyFacts): SitePageContent => ({
  title: 'Privacy Policy',
  slug: 'privacy-policy',
  body: privacyNoticeHtml(facts),
  placement: 'footer',
});

/** The facts from the database's settings; the database and storage are this server's. */
export async function privacyFactsOf(db: Db, server: { database: 'pglite' | 'pg'; storage?: 'folder' | 's3' }) {
  const [school, security, backups] = await Promise.all([getSchoolProfile(db), getSecuritySettings(db), getSchedule(db)]);
  const storage = server.storage ?? (s3SettingsFromEnv(process.env) ? 's3' : 'folder');
  return { school, security, backups, database: server.database, storage, today: new Date() } satisfies PrivacyFacts;
}

/**
 * The privacy notice as a new draft page: at install, and from the Pages screen for schools
 * installed before (409 when a page has its address already).
 */
export async function createPrivacyNotice(
  db: Db,
  server: { database: 'pglite' | 'pg'; storage?: 'folder' | 's3' },
  actorId: number | null,
): Promise<SitePage> {
  return createPage(db, privacyNoticePage(await privacyFactsOf(db, server)), actorId);
}
