import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import { ERASED_NAME, type FamilyErasure, type FamilyExportCounts } from '../../../shared/schemas/family.ts';
import { STAGE_LABELS, type AdmissionStage } from '../../../shared/schemas/admission-stages.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  childConsents,
  children,
  enquiries,
  enquiryTimeline,
  families,
  familyContacts,
  familySessions,
  familySignInLinks,
  galleries,
  galleryPhotoChildren,
  limitHits,
  mailingRecipients,
  mailings,
  newsletterSubscribers,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import { isStorageName, type Storage } from '../../storage/storage.ts';
import { zipStream, type ZipEntry } from '../../zip-stream.ts';
import { withSummaries } from '../audit/audit.service.ts';
import { LINKS_PER_EMAIL } from '../family-auth/family-auth.service.ts';
import { MAILS_PER_ADDRESS } from '../newsletter/newsletter-limits.ts';
import { inTransaction } from '../users/user-guards.ts';
import { consentHistory } from './families.service.ts';

/**
 * The school's data protection tools for a family (issue 32, decision 26): everything held about
 * it as a zip, and its erasure. Both reach the same set of records: the family, its contacts and
 * their sign-ins, its children with their consent history and photo tags, its enquiries (the
 * admission it was made from and every enquiry sent from one of its contacts' addresses) and the
 * newsletter subscriptions of its contacts' addresses (issue 33).
 */

/** Admission stages that close an admission: any other is still open, and erasing it asks first. */
const CLOSED_STAGES: readonly AdmissionStage[] = ['enrolled', 'declined'];

/** The storage name of a photo URL the school's server keeps (`/uploads/<name>`), else null. */
export function uploadName(url: string): string | null {
  const name = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : '';
  return isStorageName(name) ? name : null;
}

const familyEmails = (contacts: { email: string | null }[]) => contacts.flatMap((c) => (c.email ? [c.email.toLowerCase()] : []));

/** The school's mailings (notices, posts, digests) to these addresses: what, when, and whether it went. */
function mailingsTo(db: Db, emails: string[]) {
  if (!emails.length) return [];
  return db
    .select({
      email: mailingRecipients.email,
      subject: mailings.subject,
      kind: mailings.kind,
      state: mailingRecipients.state,
      sentAt: mailingRecipients.sentAt,
    })
    .from(mailingRecipients)
    .innerJoin(mailings, eq(mailings.id, mailingRecipients.mailingId))
    .where(inArray(sql`lower(${mailingRecipients.email})`, emails))
    .orderBy(asc(mailingRecipients.id));
}

async function familyRecords(db: Db, id: number) {
  const [family] = await db.select().from(families).where(eq(families.id, id));
  if (!family) throw notFound('The family');
  const [contacts, kids] = await Promise.all([
    db.select().from(familyContacts).where(eq(familyContacts.familyId, id)).orderBy(asc(familyContacts.id)),
    db.select().from(children).where(eq(children.familyId, id)).orderBy(asc(children.id)),
  ]);
  const emails = familyEmails(contacts);
  const enquiryWhere = or(
    family.enquiryId === null ? undefined : eq(enquiries.id, family.enquiryId),
    emails.length ? inArray(sql`lower(${enquiries.email})`, emails) : undefined,
  );
  const [ownEnquiries, subscriptions] = await Promise.all([
    enquiryWhere ? db.select().from(enquiries).where(enquiryWhere).orderBy(asc(enquiries.id)) : [],
    emails.length
      ? db
          .select()
          .from(newsletterSubscribers)
          .where(inArray(sql`lower(${newsletterSubscribers.email})`, emails))
          .orderBy(asc(newsletterSubscribers.id))
      : [],
  ]);
  return { family, contacts, kids, emails, ownEnquiries, subscriptions };
}

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** The audit entries about the family, its children and its enquiries, oldest first, each with its sentence. */
async function auditAbout(db: Db, familyId: number, childIds: number[], enquiryIds: number[]) {
  const about = (entity: string, list: number[]): SQL | undefined =>
    list.length ? and(eq(auditLog.entity, entity), inArray(auditLog.entityId, list.map(String))) : undefined;
  const rows = await db
    .select()
    .from(auditLog)
    .where(or(about('family', [familyId]), about('child', childIds), about('enquiry', enquiryIds)))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  return withSummaries(db, rows, { familyNames: true });
}

export interface FamilyExport {
  /** `family.json`: every record held about the family. */
  data: Record<string, unknown>;
  /** The stored photos its children are tagged in, once each, by storage name. */
  photos: string[];
  counts: FamilyExportCounts;
}

/** Everything held about a family (404 unknown), read for the zip. */
export async function familyExport(db: Db, id: number): Promise<FamilyExport> {
  const { family, contacts, kids, emails, ownEnquiries, subscriptions } = await familyRecords(db, id);
  const childIds = ids(kids);
  const contactIds = ids(contacts);
  const enquiryIds = ids(ownEnquiries);
  const [histories, timeline, tags, links, sessions, audit] = await Promise.all([
    Promise.all(childIds.map((child) => consentHistory(db, child))),
    enquiryIds.length
      ? db
          .select()
          .from(enquiryTimeline)
          .where(inArray(enquiryTimeline.enquiryId, enquiryIds))
          .orderBy(asc(enquiryTimeline.createdAt), asc(enquiryTimeline.id))
      : [],
    childIds.length
      ? db
          .select({
            childId: galleryPhotoChildren.childId,
            galleryId: galleryPhotoChildren.galleryId,
            galleryTitle: galleries.title,
            photo: galleryPhotoChildren.photo,
            taggedAt: galleryPhotoChildren.createdAt,
          })
          .from(galleryPhotoChildren)
          .innerJoin(galleries, eq(galleries.id, galleryPhotoChildren.galleryId))
          .where(inArray(galleryPhotoChildren.childId, childIds))
          .orderBy(asc(galleryPhotoChildren.galleryId), asc(galleryPhotoChildren.photo), asc(galleryPhotoChildren.childId))
      : [],
    // Sign-ins without their token hashes: when, from where, with what.
    contactIds.length
      ? db
          .select({
            contactId: familySignInLinks.contactId,
            createdAt: familySignInLinks.createdAt,
            expiresAt: familySignInLinks.expiresAt,
            usedAt: familySignInLinks.usedAt,
            ip: familySignInLinks.ip,
          })
          .from(familySignInLinks)
          .where(inArray(familySignInLinks.contactId, contactIds))
          .orderBy(asc(familySignInLinks.createdAt))
      : [],
    contactIds.length
      ? db
          .select({
            contactId: familySessions.contactId,
            createdAt: familySessions.createdAt,
            lastSeenAt: familySessions.lastSeenAt,
            expiresAt: familySessions.expiresAt,
            ip: familySessions.ip,
            userAgent: familySessions.userAgent,
          })
          .from(familySessions)
          .where(inArray(familySessions.contactId, contactIds))
          .orderBy(asc(familySessions.createdAt))
      : [],
    auditAbout(db, id, childIds, enquiryIds),
  ]);
  const received = await mailingsTo(db, emails);
  const photos = [...new Set(tags.flatMap((t) => uploadName(t.photo) ?? []))];
  const consents = histories.flat().sort((a, b) => a.recordedAt.localeCompare(b.recordedAt) || a.id - b.id);
  const data = {
    format: 'sprout-family-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    family,
    contacts,
    children: kids,
    consents,
    enquiries: ownEnquiries.map(({ mailClaimedUntil: _, ...e }) => ({
      ...e,
      timeline: timeline.filter((t) => t.enquiryId === e.id),
    })),
    galleryTags: tags.map((t) => ({ ...t, file: uploadName(t.photo) ? `photos/${uploadName(t.photo)}` : null })),
    signInLinks: links,
    familySessions: sessions,
    newsletterSubscriptions: subscriptions,
    mailingsReceived: received,
    audit,
  };
  const counts: FamilyExportCounts = {
    contacts: contacts.length,
    children: kids.length,
    consents: consents.length,
    enquiries: ownEnquiries.length,
    photoTags: tags.length,
    photos: photos.length,
    newsletterSubscriptions: subscriptions.length,
  };
  return { data, photos, counts };
}

const README = `Everything the school holds about this family, as exported from Sprout.

family.json   the family, its parent contacts, children, every photo consent recorded (oldest
              first), its admission and enquiries with their timeline, the gallery photos its
              children are tagged in, the parents' sign-ins, the newsletter subscriptions of their
              addresses (with when and where each agreed), the school's mailings sent to them and the
              audit log's entries about them.
photos/       every photo file kept by the school in which one of the children is tagged
              (a tag whose photo is not kept by the school has "file": null).
`;

/**
 * The zip of an export, made while it is sent: the photos (already compressed) stored as they are,
 * read from storage one at a time, then the JSON. A photo missing from storage is named in
 * `missingPhotos`.
 */
export function familyExportZip(exported: FamilyExport, storage: Storage): Readable {
  async function* entries(): AsyncGenerator<ZipEntry> {
    const missing: string[] = [];
    for (const name of exported.photos) {
      const bytes = await storage.get(name);
      if (bytes) yield { name: `photos/${name}`, bytes, compress: false };
      else missing.push(`photos/${name}`);
    }
    yield { name: 'README.txt', bytes: Buffer.from(README), compress: true };
    const json = JSON.stringify({ ...exported.data, missingPhotos: missing }, null, 2);
    yield { name: 'family.json', bytes: Buffer.from(json), compress: true };
  }
  return zipStream(entries());
}

/** The family's admission while it is open (not Enrolled or Declined): erasing it asks for confirmation. */
function openAdmissions(rows: (typeof enquiries.$inferSelect)[]) {
  return rows.filter((e) => e.type === 'admission' && e.stage !== null && !CLOSED_STAGES.includes(e.stage));
}

/** What of an enquiry survives erasure: what the admissions numbers count (programme, branch, start month). */
const keptDetails = (details: Record<string, string>, now: Date) => ({
  ...Object.fromEntries(
    (['department', 'branch', 'admissionDate'] as const).flatMap((k) => (details[k] ? [[k, details[k]]] : [])),
  ),
  erasedAt: now.toISOString(),
});

/**
 * Erases a family (404 unknown; 409 while its admission is open, unless `confirm`): its
 * children's photo tags, its contacts (their sign-in links and sessions with them), the newsletter
 * subscriptions of their addresses and the mailings' rows naming them, its children and their
 * consent history, and the family go;
 * its enquiries keep only what the admissions numbers count. One transaction. The audit log is append-only and names the family and its
 * children only while they exist (decision 23), so its entries stay as they are.
 */
export async function eraseFamily(db: Db, id: number, confirm: boolean): Promise<FamilyErasure> {
  return inTransaction(db, async (tx) => {
    // Read in the transaction: a contact added meanwhile has its enquiries anonymised too.
    const { kids, contacts, emails, ownEnquiries, subscriptions } = await familyRecords(tx, id);
    const open = openAdmissions(ownEnquiries);
    if (open.length && !confirm) {
      const stages = [...new Set(open.map((e) => STAGE_LABELS[e.stage!]))].join(', ');
      throw conflict(
        `An admission of this family is still open (${stages}). Erasing the family also takes the names and contact ` +
          'details off it, and it stays only as a number on the admissions board. Confirm to erase it all the same.',
        { needsConfirmation: true, openEnquiries: open.map((e) => ({ id: e.id, stage: e.stage })) },
      );
    }
    const childIds = ids(kids);
    const enquiryIds = ids(ownEnquiries);
    const now = new Date();
    const [consents] = childIds.length
      ? await tx
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(childConsents)
          .where(inArray(childConsents.childId, childIds))
      : [{ n: 0 }];
    const tags = childIds.length
      ? await tx
          .delete(galleryPhotoChildren)
          .where(inArray(galleryPhotoChildren.childId, childIds))
          .returning({ id: galleryPhotoChildren.childId })
      : [];
    for (const e of ownEnquiries) {
      await tx
        .update(enquiries)
        .set({
          name: ERASED_NAME,
          email: '',
          phone: null,
          message: null,
          details: keptDetails(e.details, now),
          ip: null,
          mailError: null,
          // An unsent notification would carry nothing now: it is not sent.
          ...(e.mailState === 'pending' || e.mailState === 'failed' ? { mailState: 'not_configured' as const } : {}),
          mailClaimedUntil: null,
        })
        .where(eq(enquiries.id, e.id));
    }
    if (enquiryIds.length) {
      await tx.update(enquiryTimeline).set({ text: null }).where(inArray(enquiryTimeline.enquiryId, enquiryIds));
    }
    // The sign-in links' and the newsletter's limits per address name the address.
    if (emails.length)
      await tx.delete(limitHits).where(
        inArray(
          limitHits.key,
          emails.flatMap((e) => [`${LINKS_PER_EMAIL.name}:${e}`, `${MAILS_PER_ADDRESS.name}:${e}`]),
        ),
      );
    if (subscriptions.length) await tx.delete(newsletterSubscribers).where(inArray(newsletterSubscribers.id, ids(subscriptions)));
    // The mailings' lists of who they went to name the addresses too (one not sent yet is not sent).
    if (emails.length) await tx.delete(mailingRecipients).where(inArray(sql`lower(${mailingRecipients.email})`, emails));
    await tx.delete(families).where(eq(families.id, id));
    return {
      contacts: contacts.length,
      children: kids.length,
      consents: consents?.n ?? 0,
      photoTags: tags.length,
      enquiries: ownEnquiries.length,
      newsletterSubscriptions: subscriptions.length,
    };
  });
}
