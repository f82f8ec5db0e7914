import { and, asc, eq, inArray, like, lte, sql, type SQL } from 'drizzle-orm';
import {
  ADMISSION_STAGES,
  SEAT_STAGES,
  STAGE_LABELS,
  ageOn,
  ageWarning,
  canMove,
  enquiryReference,
  type AdmissionStage,
} from '../../../shared/schemas/admission-stages.ts';
import type {
  AdmissionBoard,
  AdmissionCard,
  AdmissionFilter,
  CapacityLine,
  TimelineEntry,
} from '../../../shared/schemas/admissions.ts';
import { programmeName, type ProgrammeOption } from '../../../shared/schemas/enquiry-options.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import type { Db } from '../../db/client.ts';
import { matchesSearch } from '../../db/lists.ts';
import { admissionSearch, enquiries, enquiryTimeline } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';

/** Cards sent per column; the count says how many match, the filters narrow the rest. */
export const CARDS_PER_COLUMN = 50;
const DAY = 24 * 60 * 60 * 1000;

/** A field of the admission form (a constant key, written into the SQL so GROUP BY matches it). */
const detail = (key: 'branch' | 'department') => sql<string>`coalesce(${enquiries.details} ->> ${sql.raw(`'${key}'`)}, '')`;

/** The board's and the export's filters over admission enquiries. */
export function admissionWhere(filter: AdmissionFilter): SQL {
  return and(
    eq(enquiries.type, 'admission'),
    filter.department ? sql`${enquiries.details} ->> 'department' = ${filter.department}` : undefined,
    filter.branch ? sql`${enquiries.details} ->> 'branch' = ${filter.branch}` : undefined,
    filter.month ? like(sql`${enquiries.details} ->> 'admissionDate'`, `${filter.month}-%`) : undefined,
    matchesSearch(admissionSearch(enquiries), filter.q),
  )!;
}

const cardColumns = {
  id: enquiries.id,
  name: enquiries.name,
  email: enquiries.email,
  phone: enquiries.phone,
  details: enquiries.details,
  stage: enquiries.stage,
  stageChangedAt: enquiries.stageChangedAt,
  visitAt: enquiries.visitAt,
  createdAt: enquiries.createdAt,
};
type CardRow = { [K in keyof typeof cardColumns]: (typeof enquiries.$inferSelect)[K] };

/** What a card needs besides its row: the school's programmes (names, ages) and the time. */
export interface CardContext {
  programmes: readonly ProgrammeOption[];
  now: number;
}

export function toCard(row: CardRow, { programmes, now }: CardContext): AdmissionCard {
  const d = row.details;
  const programme = programmes.find((p) => p.key === d.department);
  return {
    id: row.id,
    reference: enquiryReference('admission', row.id),
    name: row.name,
    fatherName: d.fatherName ?? '',
    email: row.email,
    phone: row.phone,
    address: d.address ?? '',
    department: d.department ?? '',
    departmentName: programme?.name ?? d.department ?? '',
    branch: d.branch ?? '',
    birthDate: d.birthDate ?? '',
    admissionDate: d.admissionDate ?? '',
    ageAtStart: ageOn(d.birthDate, d.admissionDate),
    ageWarning: ageWarning(d.birthDate, d.admissionDate, programme),
    stage: row.stage ?? 'new',
    daysInStage: Math.max(0, Math.floor((now - row.stageChangedAt.getTime()) / DAY)),
    visitAt: row.visitAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The pipeline board: per stage its count and its longest-waiting cards first. */
export async function admissionBoard(
  db: Db,
  filter: AdmissionFilter,
  school: SchoolProfile,
  programmes: readonly ProgrammeOption[],
): Promise<AdmissionBoard> {
  const where = admissionWhere(filter);
  const ranked = db
    .select({
      ...cardColumns,
      rank: sql<number>`row_number() over (partition by ${enquiries.stage} order by ${enquiries.stageChangedAt}, ${enquiries.id})`.as(
        'rank',
      ),
    })
    .from(enquiries)
    .where(where)
    .as('ranked');
  const [rows, counts, capacity] = await Promise.all([
    db.select().from(ranked).where(lte(ranked.rank, CARDS_PER_COLUMN)),
    db
      .select({ stage: enquiries.stage, n: sql<number>`count(*)`.mapWith(Number) })
      .from(enquiries)
      .where(where)
      .groupBy(enquiries.stage),
    filter.month ? capacityFor(db, school, programmes, filter.month) : Promise.resolve(null),
  ]);
  const context = { programmes, now: Date.now() };
  const columns = ADMISSION_STAGES.map((stage) => ({
    stage,
    count: counts.find((c) => c.stage === stage)?.n ?? 0,
    cards: rows.filter((r) => r.stage === stage).map((r) => toCard(r, context)),
  }));
  const lines = capacity?.filter(
    (line) => (!filter.branch || line.branch === filter.branch) && (!filter.department || line.department === filter.department),
  );
  return { columns, capacity: lines ?? null };
}

/** Offered + enrolled per branch and programme for a start month, against the seats set. */
export async function capacityFor(
  db: Db,
  school: SchoolProfile,
  programmes: readonly ProgrammeOption[],
  month: string,
): Promise<CapacityLine[]> {
  const taken = await db
    .select({ branch: detail('branch'), department: detail('department'), n: sql<number>`count(*)`.mapWith(Number) })
    .from(enquiries)
    .where(
      and(
        eq(enquiries.type, 'admission'),
        inArray(enquiries.stage, [...SEAT_STAGES]),
        like(sql`${enquiries.details} ->> 'admissionDate'`, `${month}-%`),
      ),
    )
    .groupBy(detail('branch'), detail('department'));
  // In the programmes' order; seats of a key no programme has any more come last.
  const order = (key: string) => {
    const at = programmes.findIndex((p) => p.key === key);
    return at < 0 ? programmes.length : at;
  };
  return school.branches.flatMap((branch) =>
    Object.entries(branch.seats ?? {})
      .sort(([a], [b]) => order(a) - order(b))
      .map(([department, seats]) => ({
        branch: branch.name,
        department,
        departmentName: programmeName(programmes, department),
        seats,
        taken: taken.find((t) => t.branch === branch.name && t.department === department)?.n ?? 0,
      })),
  );
}

export interface Actor {
  id: number;
  username: string;
  firstName?: string;
  lastName?: string;
}
const actorName = (a: Actor) => `${a.firstName ?? ''} ${a.lastName ?? ''}`.trim() || a.username;

export interface MoveInput {
  to: AdmissionStage;
  note?: string;
  visitAt?: string;
  confirmOverCapacity: boolean;
}

/**
 * Moves an admission to another stage: refused when the pipeline does not allow the move, when a
 * visit has no time, or (until confirmed) when an offer would pass the seats of its month.
 */
export async function moveStage(
  db: Db,
  id: number,
  input: MoveInput,
  actor: Actor,
  school: SchoolProfile,
  programmes: readonly ProgrammeOption[],
) {
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  if (!row) throw notFound('The enquiry');
  if (row.type !== 'admission' || !row.stage) throw conflict('Only admission enquiries move through the stages.');
  const from = row.stage;
  if (!canMove(from, input.to)) {
    throw conflict(`An enquiry in ${STAGE_LABELS[from]} cannot move to ${STAGE_LABELS[input.to]}.`, {
      code: 'STAGE_REFUSED',
      from,
      to: input.to,
    });
  }
  if (input.to === 'visit_booked' && !input.visitAt) {
    throw badRequest('Give the visit a date and time.', { fields: { visitAt: 'Give the visit a date and time.' } });
  }
  if (input.to === 'offered' && !input.confirmOverCapacity) {
    const month = row.details.admissionDate?.slice(0, 7);
    const line = month
      ? (await capacityFor(db, school, programmes, month)).find(
          (l) => l.branch === row.details.branch && l.department === row.details.department,
        )
      : undefined;
    if (line && line.taken + 1 > line.seats) {
      throw conflict(
        `This offer passes the seats: ${line.taken} of ${line.seats} ${line.departmentName} seats at ${line.branch} are already offered or taken for ${month}.`,
        { code: 'OVER_CAPACITY', capacity: line },
      );
    }
  }
  const now = new Date();
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(enquiries)
      .set({
        stage: input.to,
        stageChangedAt: now,
        status: input.to === 'new' ? 'new' : 'handled',
        ...(input.to === 'new'
          ? { handledAt: null, handledBy: null }
          : row.status === 'new'
            ? { handledAt: now, handledBy: actor.id }
            : {}),
        ...(input.visitAt ? { visitAt: new Date(input.visitAt) } : {}),
      })
      .where(and(eq(enquiries.id, id), eq(enquiries.stage, from)))
      .returning();
    if (!moved) throw conflict('Someone moved this enquiry meanwhile. Reload to see where it is now.');
    await tx.insert(enquiryTimeline).values({
      enquiryId: id,
      kind: 'stage',
      fromStage: from,
      toStage: input.to,
      text: input.note ?? null,
      visitAt: input.visitAt ? new Date(input.visitAt) : null,
      actorId: actor.id,
      actorName: actorName(actor),
      createdAt: now,
    });
    return { from, enquiry: moved };
  });
}

export async function addTimelineEntry(
  db: Db,
  id: number,
  entry: { kind: 'note' | 'reply'; text: string; mailed?: boolean },
  actor: Actor,
) {
  await db.insert(enquiryTimeline).values({
    enquiryId: id,
    kind: entry.kind,
    text: entry.text,
    mailed: entry.mailed ?? null,
    actorId: actor.id,
    actorName: actorName(actor),
  });
}

/** Everything that happened to one enquiry, oldest first, starting with its submission. */
export async function enquiryTimelineOf(db: Db, id: number): Promise<TimelineEntry[] | null> {
  const [enquiry] = await db.select({ createdAt: enquiries.createdAt }).from(enquiries).where(eq(enquiries.id, id));
  if (!enquiry) return null;
  const rows = await db
    .select()
    .from(enquiryTimeline)
    .where(eq(enquiryTimeline.enquiryId, id))
    .orderBy(asc(enquiryTimeline.createdAt), asc(enquiryTimeline.id))
    .limit(500);
  const submitted: TimelineEntry = {
    id: 0,
    kind: 'submitted',
    fromStage: null,
    toStage: null,
    text: null,
    mailed: null,
    visitAt: null,
    by: null,
    at: enquiry.createdAt.toISOString(),
  };
  return [
    submitted,
    ...rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      fromStage: r.fromStage,
      toStage: r.toStage,
      text: r.text,
      mailed: r.mailed,
      visitAt: r.visitAt?.toISOString() ?? null,
      by: r.actorName,
      at: r.createdAt.toISOString(),
    })),
  ];
}
