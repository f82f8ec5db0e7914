import { and, eq, sql } from 'drizzle-orm';
import {
  FamilyInputSchema,
  MAX_CHILDREN,
  type ChildInput,
  type FamilyFromEnquiry,
  type FamilyInput,
} from '../../../shared/schemas/family.ts';
import type { Db } from '../../db/client.ts';
import { children, enquiries, families, familyContacts } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { inTransaction } from '../users/user-guards.ts';
import { checkChildren, childValues, createFamily } from './families.service.ts';

/**
 * Families from enrolled admissions (issue 32): a new family in one step, or a sibling's child
 * added to the family that already has the parent.
 */

const words = (name: string) => name.trim().split(/\s+/).filter(Boolean);

/**
 * What an enrolled admission carries over (enquiries.service createEnquiry stores it): the child
 * (`name`, `details.birthDate`, `department`, `branch`, `admissionDate` as the start date) and the
 * parent (`details.fatherName`, the enquiry's e-mail and phone). The family is named after the
 * child's surname, else the parent's name.
 */
export function familyFromEnquiry(enquiry: typeof enquiries.$inferSelect, corrections: FamilyFromEnquiry = {}): FamilyInput {
  const d = enquiry.details;
  const child = words(enquiry.name);
  const parent = d.fatherName?.trim() || enquiry.name;
  const surname = child.length > 1 ? child.at(-1)! : (words(parent).at(-1) ?? parent);
  return FamilyInputSchema.parse({
    name: `${surname} family`,
    notes: null,
    contacts: [
      { name: parent, email: enquiry.email, phone: enquiry.phone, relation: d.fatherName ? 'Father' : null, isPrimary: true },
    ],
    children: [
      {
        firstName: child.length > 1 ? child.slice(0, -1).join(' ') : enquiry.name,
        lastName: child.length > 1 ? child.at(-1) : '',
        birthDate: d.birthDate,
        branch: corrections.branch ?? d.branch ?? null,
        programme: corrections.programme ?? d.department ?? '',
        startDate: d.admissionDate ?? null,
        leavingDate: null,
      },
    ],
  });
}

/** An enrolled admission, or 404 (unknown, not an admission) / 400 (not enrolled, or erased). */
async function enrolledAdmission(db: Db, enquiryId: number) {
  const [enquiry] = await db.select().from(enquiries).where(eq(enquiries.id, enquiryId));
  if (!enquiry || enquiry.type !== 'admission') throw notFound('The admission');
  if (enquiry.details.erasedAt) {
    throw badRequest('This admission’s family was erased: it is kept only as a number, with no child to carry over.');
  }
  if (enquiry.stage !== 'enrolled') {
    throw badRequest('Only an enrolled admission becomes a family: move it to Enrolled first.', {
      stage: enquiry.stage,
    });
  }
  const [made] = await db.select({ id: families.id }).from(families).where(eq(families.enquiryId, enquiryId));
  if (made) throw conflict('A family was already made from this admission.', { familyId: made.id });
  return enquiry;
}

/** A child of `familyId` with the same name and birth date as `child` (the same child entered twice). */
async function sameChild(db: Db, familyId: number, child: ChildInput) {
  const [row] = await db
    .select({ id: children.id })
    .from(children)
    .where(
      and(
        eq(children.familyId, familyId),
        eq(sql`lower(${children.firstName})`, child.firstName.toLowerCase()),
        eq(sql`lower(${children.lastName})`, child.lastName.toLowerCase()),
        eq(children.birthDate, child.birthDate),
      ),
    )
    .limit(1);
  return row ?? null;
}

const childName = (c: ChildInput) => `${c.firstName} ${c.lastName}`.trim();

/**
 * POST /api/families/from-enquiry/:id: 404 unknown, 400 not an enrolled admission, 409 already
 * made. A parent already a contact of a family (a sibling enrolled later) is a 409 naming that
 * family with `addChild` (POST /api/families/:id/children/from-enquiry/:enquiryId adds the child
 * there), or with `childId` when the child is already in it.
 */
export async function createFamilyFromEnquiry(
  db: Db,
  enquiryId: number,
  userId: number | null,
  corrections: FamilyFromEnquiry = {},
): Promise<number> {
  const input = familyFromEnquiry(await enrolledAdmission(db, enquiryId), corrections);
  const email = input.contacts[0]?.email;
  const [sibling] = email
    ? await db
        .select({ id: families.id, name: families.name })
        .from(familyContacts)
        .innerJoin(families, eq(families.id, familyContacts.familyId))
        .where(eq(sql`lower(${familyContacts.email})`, email))
        .limit(1)
    : [];
  if (sibling) {
    const child = input.children[0]!;
    const already = await sameChild(db, sibling.id, child);
    if (already) {
      throw conflict(`${childName(child)} is already a child of the family “${sibling.name}”.`, {
        familyId: sibling.id,
        childId: already.id,
      });
    }
    throw conflict(
      `The parent’s e-mail address is already a contact of the family “${sibling.name}”: add ${childName(child)} to that family.`,
      { familyId: sibling.id, familyName: sibling.name, addChild: true },
    );
  }
  return createFamily(db, input, userId, enquiryId);
}

/**
 * POST /api/families/:id/children/from-enquiry/:enquiryId: a sibling's enrolled admission adds
 * its child to an existing family (the admission's branch or programme corrected as on creating a
 * family). 404 unknown family or admission; 400 not enrolled, or the family full; 409 the child
 * already there, or a family already made from the admission. Answers the new child's id.
 */
export async function addChildFromEnquiry(
  db: Db,
  familyId: number,
  enquiryId: number,
  userId: number | null,
  corrections: FamilyFromEnquiry = {},
): Promise<number> {
  const [family] = await db.select({ id: families.id, name: families.name }).from(families).where(eq(families.id, familyId));
  if (!family) throw notFound('The family');
  const enquiry = await enrolledAdmission(db, enquiryId);
  const [child] = await checkChildren(db, familyFromEnquiry(enquiry, corrections).children);
  const already = await sameChild(db, familyId, child!);
  if (already) {
    throw conflict(`${childName(child!)} is already a child of the family “${family.name}”.`, {
      familyId,
      childId: already.id,
    });
  }
  return inTransaction(db, async (tx) => {
    // Counted under the family's row lock: two additions at once cannot pass the limit together.
    await tx.execute(sql`select 1 from ${families} where ${families.id} = ${familyId} for update`);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(children)
      .where(eq(children.familyId, familyId));
    if (n >= MAX_CHILDREN) throw badRequest(`A family has at most ${MAX_CHILDREN} children.`);
    const [row] = await tx
      .insert(children)
      .values({ ...childValues(child!), familyId })
      .returning({ id: children.id });
    await tx.update(families).set({ updatedBy: userId, updatedAt: new Date() }).where(eq(families.id, familyId));
    return row!.id;
  });
}
