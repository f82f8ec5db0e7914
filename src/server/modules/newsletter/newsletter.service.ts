import { and, asc, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import {
  FAMILY_AREA_SOURCE,
  NEWSLETTER_TOPICS,
  UNCONFIRMED_DAYS,
  type NewsletterTopic,
} from '../../../shared/schemas/newsletter-options.ts';
import type { Subscriber, SubscriberListPage, SubscriberState } from '../../../shared/schemas/newsletter.ts';
import type { Db } from '../../db/client.ts';
import { familyContacts, mailingRecipients, newsletterSubscribers } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { rowsOf } from '../backups/schema-history.ts';

/*
 * The newsletter's subscribers (issue 33): double opt-in from the public forms (a row 'pending'
 * until its confirmation link is opened), consent recorded with its time and source, unsubscribed
 * rows kept as 'unsubscribed' so that the newsletter never mails the address again, and
 * unconfirmed rows forgotten after UNCONFIRMED_DAYS.
 */

const S = newsletterSubscribers;
const sameEmail = (email: string) => sql`lower(${S.email}) = lower(${email})`;

/** The branch a subscriber chose against the school's: null is every branch; a name must be one of them. */
export function checkBranch(branch: string | null, branches: readonly string[]): string | null {
  if (!branch || branches.length < 2) return null;
  if (!branches.includes(branch))
    throw badRequest('Choose one of our branches.', { fields: { branch: `Choose one of: ${branches.join(', ')}.` } });
  return branch;
}

export interface SubscribeRequest {
  email: string;
  branch: string | null;
  topics: NewsletterTopic[];
  source: string;
}

/**
 * A subscription asked for on the public site: a new address, or one that never confirmed or
 * left, is (again) 'pending' with these choices (its 7 days start again); a confirmed subscriber
 * keeps their choices (a stranger cannot change them). `confirmed` says which it was: the caller
 * mails a confirmation link, or a note that the address is already subscribed.
 */
export async function requestSubscription(db: Db, input: SubscribeRequest): Promise<{ id: number; confirmed: boolean }> {
  const topics = sql`array[${sql.join(
    input.topics.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  const [changed] = await rowsOf<{ id: number }>(
    db,
    sql`insert into ${S} (email, branch, topics, source, state)
        values (${input.email}, ${input.branch}, ${topics}, ${input.source}, 'pending')
        on conflict ((lower(email))) do update set email = excluded.email, branch = excluded.branch,
          topics = excluded.topics, source = excluded.source, state = 'pending', consent_at = null,
          consent_source = null, unsubscribed_at = null, created_at = now(), updated_at = now()
        where ${S}.state <> 'confirmed'
        returning id`,
  );
  if (changed) return { id: changed.id, confirmed: false };
  const [kept] = await db.select({ id: S.id }).from(S).where(sameEmail(input.email));
  if (!kept) return requestSubscription(db, input); // deleted meanwhile
  return { id: kept.id, confirmed: true };
}

export interface ConfirmedSubscriber {
  id: number;
  email: string;
  topics: NewsletterTopic[];
  branch: string | null;
}

/**
 * A confirmation link opened: a pending subscriber is confirmed (consent's time and source kept);
 * an already confirmed one stays so. Null for an address that left or is not held: that link is
 * no longer valid.
 */
export async function confirmSubscription(db: Db, id: number): Promise<ConfirmedSubscriber | null> {
  const columns = { id: S.id, email: S.email, topics: S.topics, branch: S.branch };
  const [confirmed] = await db
    .update(S)
    .set({ state: 'confirmed', consentAt: new Date(), consentSource: sql`${S.source}`, updatedAt: new Date() })
    .where(and(eq(S.id, id), eq(S.state, 'pending')))
    .returning(columns);
  if (confirmed) return confirmed;
  const [already] = await db
    .select(columns)
    .from(S)
    .where(and(eq(S.id, id), eq(S.state, 'confirmed')));
  return already ?? null;
}

/** A subscriber a confirmation link may still confirm (pending) or has confirmed, or null. */
export async function confirmationState(db: Db, id: number): Promise<'pending' | 'confirmed' | null> {
  const [row] = await db
    .select({ state: S.state })
    .from(S)
    .where(and(eq(S.id, id), sql`${S.state} in ('pending', 'confirmed')`));
  return row?.state === 'pending' || row?.state === 'confirmed' ? row.state : null;
}

/** Unsubscribes (a link from a newsletter, the family area): never mailed by the newsletter again. */
export async function unsubscribe(db: Db, where: { id: number } | { email: string }): Promise<void> {
  await db
    .update(S)
    .set({ state: 'unsubscribed', unsubscribedAt: new Date(), updatedAt: new Date() })
    .where(and('id' in where ? eq(S.id, where.id) : sameEmail(where.email), sql`${S.state} <> 'unsubscribed'`));
}

/** A signed-in parent's subscription (their contact's address), or null. */
export async function subscriptionOf(db: Db, email: string) {
  const [row] = await db
    .select({ state: S.state, topics: S.topics, branch: S.branch, consentAt: S.consentAt, consentSource: S.consentSource })
    .from(S)
    .where(sameEmail(email));
  return row ?? null;
}

/**
 * A signed-in parent subscribes or changes their choices: confirmed at once, their address being
 * proven by the sign-in (consent source 'family-area').
 */
export async function subscribeFromFamilyArea(
  db: Db,
  email: string,
  choice: { topics: NewsletterTopic[]; branch: string | null },
) {
  const now = new Date();
  const values = { topics: choice.topics, branch: choice.branch, state: 'confirmed' as const, updatedAt: now };
  const consent = { consentAt: now, consentSource: FAMILY_AREA_SOURCE, unsubscribedAt: null };
  const [updated] = await db
    .update(S)
    .set({ ...values, ...consent })
    .where(and(sameEmail(email), sql`${S.state} <> 'confirmed'`))
    .returning({ id: S.id });
  if (updated) return;
  // Already confirmed: the choices change; the consent given stays as it was recorded.
  const [changed] = await db.update(S).set(values).where(sameEmail(email)).returning({ id: S.id });
  if (changed) return;
  await db
    .insert(S)
    .values({ email, ...values, ...consent, source: FAMILY_AREA_SOURCE })
    .onConflictDoNothing();
}

/** Pending subscriptions older than UNCONFIRMED_DAYS are deleted; the number deleted. */
export async function forgetUnconfirmed(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UNCONFIRMED_DAYS * 24 * 60 * 60 * 1000);
  const gone = await db
    .delete(S)
    .where(and(eq(S.state, 'pending'), lt(S.createdAt, before)))
    .returning({ id: S.id });
  return gone.length;
}

/**
 * The recipients of a newsletter mailing as the engine takes them (email, name, subscriber_id):
 * confirmed subscribers of any of `topics`; with `branch`, only those of that branch or of all.
 */
export function subscribersOf(topics: readonly NewsletterTopic[], branch: string | null = null): SQL {
  const wanted = sql`array[${sql.join(
    topics.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  return sql`select ${S.email} as email, null::text as name, ${S.id} as subscriber_id from ${S}
    where ${S.state} = 'confirmed' and ${S.topics} && ${wanted}
    ${branch ? sql`and (${S.branch} is null or ${S.branch} = ${branch})` : sql``}`;
}

/**
 * Confirmed subscribers who chose exactly `topics` (the digest's groups: news and events, news
 * only, events only), as the engine takes them.
 */
export function subscribersChoosing(topics: readonly NewsletterTopic[]): SQL {
  const chosen = sql`array[${sql.join(
    topics.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[]`;
  return sql`select ${S.email} as email, null::text as name, ${S.id} as subscriber_id from ${S}
    where ${S.state} = 'confirmed' and ${S.topics} @> ${chosen} and ${S.topics} <@ ${chosen}`;
}

const toSubscriber = (r: typeof S.$inferSelect): Subscriber => ({
  id: r.id,
  email: r.email,
  branch: r.branch,
  topics: r.topics.filter((t): t is NewsletterTopic => (NEWSLETTER_TOPICS as readonly string[]).includes(t)),
  state: r.state,
  source: r.source,
  consentAt: r.consentAt?.toISOString() ?? null,
  consentSource: r.consentSource,
  unsubscribedAt: r.unsubscribedAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/** GET /api/newsletter/subscribers: a page of subscribers (search by address), and the count of each state. */
export async function listSubscribers(
  db: Db,
  options: {
    limit: number;
    offset: number;
    sort: 'newest' | 'email';
    q?: string | undefined;
    state?: SubscriberState | undefined;
  },
): Promise<SubscriberListPage> {
  const search = options.q ? sql`strpos(lower(${S.email}), lower(${options.q})) > 0` : undefined;
  const where = and(search, options.state ? eq(S.state, options.state) : undefined);
  const order = options.sort === 'email' ? [asc(sql`lower(${S.email})`), asc(S.id)] : [desc(S.createdAt), desc(S.id)];
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(S)
      .where(where)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db
      .select({
        total: sql<number>`count(*) filter (where ${where ?? sql`true`})`.mapWith(Number),
        pending: sql<number>`count(*) filter (where ${S.state} = 'pending')`.mapWith(Number),
        confirmed: sql<number>`count(*) filter (where ${S.state} = 'confirmed')`.mapWith(Number),
        unsubscribed: sql<number>`count(*) filter (where ${S.state} = 'unsubscribed')`.mapWith(Number),
      })
      .from(S),
  ]);
  const { total = 0, ...byState } = counts[0] ?? { pending: 0, confirmed: 0, unsubscribed: 0 };
  return { data: rows.map(toSubscriber), total, limit: options.limit, offset: options.offset, counts: byState };
}

/** Staff delete a subscriber (their address is then held nowhere); false when there was none. */
export async function deleteSubscriber(db: Db, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [gone] = await tx.delete(S).where(eq(S.id, id)).returning({ email: S.email });
    if (!gone) return false;
    // Forgotten everywhere: the mailings' lists of who they went to name the address too.
    await tx.delete(mailingRecipients).where(sql`lower(${mailingRecipients.email}) = lower(${gone.email})`);
    return true;
  });
}

/** The signed-in parent's own address (their family contact's), or null. */
export async function contactEmail(db: Db, contactId: number): Promise<string | null> {
  const [row] = await db.select({ email: familyContacts.email }).from(familyContacts).where(eq(familyContacts.id, contactId));
  return row?.email?.trim() || null;
}
