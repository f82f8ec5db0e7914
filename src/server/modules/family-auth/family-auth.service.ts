import { randomBytes } from 'node:crypto';
import { and, asc, eq, exists, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FamilyMe } from '../../../shared/schemas/family-auth.ts';
import type { Db } from '../../db/client.ts';
import { admitAttempt, admitLimitHit, type SharedLimit } from '../../db/limit-hits.ts';
import { children, families, familyContacts, familySessions, familySignInLinks } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { sessionIdOf } from '../auth/sessions.service.ts';
import { familyAccessKept } from '../families/retention.ts';
import { getSecuritySettings } from '../security/security-settings.service.ts';

/** A link works for 15 minutes, once (issue 32). */
export const LINK_MINUTES = 15;
/** A family session lasts 30 days from the last visit (sliding), as DESIGN §5 keeps sessions in the database. */
export const FAMILY_SESSION_DAYS = 30;
export const FAMILY_COOKIE = 'fsid';
/** last_seen_at and expires_at are written at most this often per session. */
const SEEN_EVERY_MS = 60_000;
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Links asked for per address and per network address within an hour, known address or not. */
export const LINKS_PER_EMAIL: SharedLimit = { name: 'family-link-email', max: 3, windowMs: HOUR_MS };
export const LINKS_PER_IP: SharedLimit = { name: 'family-link-ip', max: 10, windowMs: HOUR_MS };
/** Wrong or stale tokens tried per network address within an hour (on top of 256 bits per token). */
export const TOKEN_TRIES_PER_IP: SharedLimit = { name: 'family-link-token', max: 20, windowMs: HOUR_MS };

export const LINK_INVALID = 'This sign-in link has expired or was already used. Ask for a new one.';

export class TooManyLinksError extends AppError {
  constructor(retryAfter: number) {
    super(429, 'TOO_MANY_SIGN_IN_LINKS', 'Too many sign-in links were asked for. Please try again in an hour.', {
      retryAfter,
    });
  }
}

export class TooManyTriesError extends AppError {
  constructor(retryAfter: number) {
    super(429, 'TOO_MANY_SIGN_IN_TRIES', 'Too many sign-in links that do not work. Please try again in an hour.', {
      retryAfter,
    });
  }
}

export interface LinkContact {
  id: number;
  name: string;
  email: string;
  familyId: number;
  familyName: string;
}

/**
 * Retention (decision 27): the contact's family still has access, i.e. not every child left longer
 * ago than Settings > Security says. The one condition of the three ways in below: asking for a
 * link, claiming it, and every visit of a session.
 */
export const familyHasAccess = async (db: Db) =>
  familyAccessKept(familyContacts.familyId, (await getSecuritySettings(db)).familyAccessAfterLeaving);

/** Whether the contact's family still has access (decision 27): staff are told before they make a link. */
export async function contactHasAccess(db: Db, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: familyContacts.id })
    .from(familyContacts)
    .where(and(eq(familyContacts.id, contactId), await familyHasAccess(db)));
  return Boolean(row);
}

const contactColumns = {
  id: familyContacts.id,
  name: familyContacts.name,
  email: familyContacts.email,
  familyId: familyContacts.familyId,
  familyName: families.name,
};

/** A new link for a contact: the token for the e-mail (or staff), the table keeps its SHA-256. */
export async function createSignInLink(db: Db, contactId: number, ip: string | null): Promise<string> {
  // 32 random bytes: 256 bits, guessing one is hopeless whatever the limit.
  const token = randomBytes(32).toString('base64url');
  await db.insert(familySignInLinks).values({
    contactId,
    tokenHash: sessionIdOf(token),
    ip,
    expiresAt: new Date(Date.now() + LINK_MINUTES * 60 * 1000),
  });
  // Old rows are of no use: pruned now and then.
  if (Math.random() < 0.05)
    await db.delete(familySignInLinks).where(lt(familySignInLinks.expiresAt, new Date(Date.now() - DAY_MS)));
  return token;
}

/**
 * A parent asks for a link: counted per address and per network address whether or not the
 * address is a contact's (a refusal tells nothing), then the contact to send a link to, or null
 * (no such address, or a family whose access ended: the answer is the same).
 */
export async function requestSignInLink(
  db: Db,
  address: string,
  ip: string,
): Promise<{ contact: LinkContact; token: string } | null> {
  const email = address.trim().toLowerCase().slice(0, 200);
  const waitIp = await admitLimitHit(db, LINKS_PER_IP, ip);
  if (waitIp > 0) throw new TooManyLinksError(waitIp);
  const waitEmail = await admitLimitHit(db, LINKS_PER_EMAIL, email);
  if (waitEmail > 0) throw new TooManyLinksError(waitEmail);
  const contact = await contactByEmail(db, email);
  if (!contact) return null;
  return { contact, token: await createSignInLink(db, contact.id, ip) };
}

async function contactByEmail(db: Db, email: string): Promise<LinkContact | null> {
  const [row] = await db
    .select(contactColumns)
    .from(familyContacts)
    .innerJoin(families, eq(families.id, familyContacts.familyId))
    .where(and(eq(sql`lower(${familyContacts.email})`, email), await familyHasAccess(db)))
    .limit(1);
  return row?.email ? (row as LinkContact) : null;
}

/** A contact of a family, with an address, or null (staff handing a link). */
export async function familyContact(db: Db, familyId: number, contactId: number) {
  const [row] = await db
    .select(contactColumns)
    .from(familyContacts)
    .innerJoin(families, eq(families.id, familyContacts.familyId))
    .where(and(eq(familyContacts.id, contactId), eq(familyContacts.familyId, familyId)));
  return row ?? null;
}

/**
 * Signs in with a link: the token is claimed once (of two tabs at once, one wins), within its 15
 * minutes, and a family session opens. A wrong token counts against the network address.
 */
export async function signInWithLink(
  db: Db,
  token: string,
  meta: { ip: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date; contactId: number }> {
  const attempt = await admitAttempt(db, TOKEN_TRIES_PER_IP, meta.ip);
  if (attempt.retryAfter > 0) throw new TooManyTriesError(attempt.retryAfter);
  const now = new Date();
  const [claimed] = await db
    .update(familySignInLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(familySignInLinks.tokenHash, sessionIdOf(token)),
        isNull(familySignInLinks.usedAt),
        gt(familySignInLinks.expiresAt, now),
        exists(
          db
            .select({ one: sql`1` })
            .from(familyContacts)
            .where(and(eq(familyContacts.id, familySignInLinks.contactId), await familyHasAccess(db))),
        ),
      ),
    )
    .returning({ contactId: familySignInLinks.contactId });
  if (!claimed) throw new AppError(400, 'SIGN_IN_LINK_INVALID', LINK_INVALID, { fields: { token: LINK_INVALID } });
  await attempt.forgive();
  const session = await createFamilySession(db, claimed.contactId, meta);
  return { ...session, contactId: claimed.contactId };
}

export async function createFamilySession(db: Db, contactId: number, meta: { ip?: string; userAgent?: string } = {}) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + FAMILY_SESSION_DAYS * DAY_MS);
  await db.insert(familySessions).values({
    id: sessionIdOf(token),
    contactId,
    expiresAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

/** The contact behind a family cookie, or null; a visit slides the expiry on (at most once a minute). */
export async function contactForFamilySession(db: Db, token: string): Promise<{ contactId: number; sessionId: string } | null> {
  const id = sessionIdOf(token);
  const now = Date.now();
  const [row] = await db
    .select({ contactId: familySessions.contactId, lastSeenAt: familySessions.lastSeenAt, expiresAt: familySessions.expiresAt })
    .from(familySessions)
    .innerJoin(familyContacts, eq(familyContacts.id, familySessions.contactId))
    .where(and(eq(familySessions.id, id), await familyHasAccess(db)));
  if (!row || row.expiresAt.getTime() <= now) return null;
  if (now - row.lastSeenAt.getTime() >= SEEN_EVERY_MS) {
    await db
      .update(familySessions)
      .set({ lastSeenAt: new Date(now), expiresAt: new Date(now + FAMILY_SESSION_DAYS * DAY_MS) })
      .where(eq(familySessions.id, id));
  }
  return { contactId: row.contactId, sessionId: id };
}

export async function deleteFamilySession(db: Db, sessionId: string) {
  await db.delete(familySessions).where(eq(familySessions.id, sessionId));
}

/** The signed-in parent: their name, their family's, and the children's first names and programmes. */
export async function familyMe(db: Db, contactId: number): Promise<FamilyMe | null> {
  const [contact] = await db
    .select({ id: familyContacts.id, name: familyContacts.name, familyId: families.id, familyName: families.name })
    .from(familyContacts)
    .innerJoin(families, eq(families.id, familyContacts.familyId))
    .where(eq(familyContacts.id, contactId));
  if (!contact) return null;
  const [kids, programmes] = await Promise.all([
    db
      .select({ firstName: children.firstName, programme: children.programme })
      .from(children)
      .where(eq(children.familyId, contact.familyId))
      .orderBy(asc(children.birthDate), asc(children.id)),
    currentProgrammes(db),
  ]);
  const names = new Map(programmes.map((p) => [p.key, p.name]));
  return {
    contact: { id: contact.id, name: contact.name },
    family: { id: contact.familyId, name: contact.familyName },
    children: kids.map((k) => ({ ...k, programmeName: names.get(k.programme) ?? k.programme })),
  };
}
