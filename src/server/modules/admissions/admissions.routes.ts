import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STAGE_LABELS } from '../../../shared/schemas/admission-stages.ts';
import {
  AdmissionFilterSchema,
  EnquiryNoteSchema,
  EnquiryReplySchema,
  StageMoveSchema,
} from '../../../shared/schemas/admissions.ts';
import { EnquiryIdParamsSchema } from '../../../shared/schemas/enquiry.ts';
import { toDatetimeLocal } from '../../../shared/dates.ts';
import { csvText, sendCsv } from '../../csv.ts';
import { readInChunks } from '../../db/lists.ts';
import { enquiries } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { getEnquiry } from '../enquiries/enquiries.service.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { replyMessage, visitMessage, visitText } from './admission-mail.ts';
import { currentProgrammes } from './programmes.ts';
import { enquiryTallyRows } from './retention.ts';
import { addTimelineEntry, admissionBoard, admissionWhere, enquiryTimelineOf, moveStage, toCard } from './admissions.service.ts';
import { and, asc, gt } from 'drizzle-orm';

const IdSchema = EnquiryIdParamsSchema;
const entity = 'enquiry' as const;
const titleOf = (type: 'admission' | 'contact') => `${type === 'admission' ? 'Admission' : 'Contact'} enquiry`;

/** The admissions pipeline (issue #14): the leads module; read sees, write moves, notes and replies. */
export default async function admissionsRoutes(app: FastifyInstance) {
  const read = { preHandler: app.requirePermission('leads', 'read') };
  const write = { preHandler: app.requirePermission('leads', 'write') };
  const host = (request: FastifyRequest) => new URL(app.siteOrigin(request)).host;

  // The school's programmes (Website > Programs, hidden ones too): the board's filter, the inbox's,
  // the seats editor's and the families' (issue 32) names. Public words, but only staff need the hidden ones.
  app.get(
    '/api/admissions/programmes',
    { preHandler: app.requireAnyPermission(['leads', 'read'], ['settings', 'read'], ['families', 'read'], ['notices', 'read']) },
    async () => ({ data: await currentProgrammes(app.db) }),
  );

  app.get('/api/admissions/board', read, async (request) => {
    const filter = AdmissionFilterSchema.parse(request.query);
    const [school, programmes] = await Promise.all([getSchoolProfile(app.db), currentProgrammes(app.db)]);
    return { data: await admissionBoard(app.db, filter, school, programmes) };
  });

  app.get('/api/admissions/export.csv', read, async (request, reply) => {
    const where = admissionWhere(AdmissionFilterSchema.parse(request.query));
    const [programmes, school] = await Promise.all([currentProgrammes(app.db), getSchoolProfile(app.db)]);
    // Times as the school's clock reads them (issue 31), in a form spreadsheets read as a date and time.
    const local = (iso: string | null) => (iso ? toDatetimeLocal(iso, school.timezone).replace('T', ' ') : '');
    const rows = await readInChunks((afterId, size) =>
      app.db
        .select()
        .from(enquiries)
        .where(and(where, gt(enquiries.id, afterId)))
        .orderBy(asc(enquiries.id))
        .limit(size),
    );
    const context = { programmes, now: Date.now() };
    const csv = csvText(
      [
        'Reference',
        "Child's name",
        "Father's name",
        'E-mail',
        'Phone',
        'Department',
        'Branch',
        'Date of birth',
        'Wanted start',
        'Age at start',
        'Age note',
        'Stage',
        'Days in stage',
        'Address',
        `Visit (${school.timezone})`,
        `Submitted (${school.timezone})`,
      ],
      rows.map((row) => {
        const c = toCard(row, context);
        return [
          c.reference,
          c.name,
          c.fatherName,
          c.email,
          c.phone,
          c.departmentName,
          c.branch,
          c.birthDate,
          c.admissionDate,
          c.ageAtStart,
          c.ageWarning,
          STAGE_LABELS[c.stage],
          c.daysInStage,
          c.address,
          local(c.visitAt),
          local(c.createdAt),
        ];
      }),
    );
    return sendCsv(reply, 'admissions', csv);
  });

  // What retention left of deleted enquiries: counts per month of submission, type and outcome.
  app.get('/api/admissions/tallies', read, async () => ({ data: await enquiryTallyRows(app.db) }));

  app.get('/api/enquiries/:id/timeline', read, async (request) => {
    const timeline = await enquiryTimelineOf(app.db, IdSchema.parse(request.params).id);
    if (!timeline) throw notFound('The enquiry');
    // Whether a reply can be e-mailed: the form says so before "Send reply" is pressed (issue 31).
    return { data: timeline, mail: { configured: app.mailOutbox.configured } };
  });

  app.post('/api/enquiries/:id/stage', write, async (request) => {
    const { id } = IdSchema.parse(request.params);
    const input = StageMoveSchema.parse(request.body);
    const [school, programmes] = await Promise.all([getSchoolProfile(app.db), currentProgrammes(app.db)]);
    const { from } = await moveStage(app.db, id, input, request.user!, school, programmes);
    await audit(app.db, whoOf(request), {
      action: 'status-change',
      entity,
      entityId: id,
      title: titleOf('admission'),
      details: { from, to: input.to, ...(input.confirmOverCapacity ? { overCapacity: true } : {}) },
    });
    const enquiry = (await getEnquiry(app.db, id))!;
    // A booked visit: the family gets it by e-mail with a calendar file, or staff see what to send.
    let visit: { mailed: boolean; subject: string; text: string; error?: string } | undefined;
    if (input.to === 'visit_booked' && input.visitAt) {
      const { subject, text } = visitText(enquiry, school, input.visitAt);
      visit = { mailed: false, subject, text };
      if (app.mailOutbox.configured) {
        try {
          await app.mailOutbox.sendNow(visitMessage(enquiry, school, input.visitAt, host(request)));
          visit.mailed = true;
        } catch (err) {
          request.log.warn({ err, enquiry: id }, 'visit e-mail failed');
          visit.error = 'The e-mail could not be sent; send the text below yourself.';
        }
      }
    }
    return { data: enquiry, ...(visit ? { visit } : {}) };
  });

  app.post('/api/enquiries/:id/notes', write, async (request) => {
    const { id } = IdSchema.parse(request.params);
    const { text } = EnquiryNoteSchema.parse(request.body);
    const enquiry = await getEnquiry(app.db, id);
    if (!enquiry) throw notFound('The enquiry');
    await addTimelineEntry(app.db, id, { kind: 'note', text }, request.user!);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: id,
      title: titleOf(enquiry.type),
      changes: ['note'],
    });
    return { data: await enquiryTimelineOf(app.db, id) };
  });

  app.post('/api/enquiries/:id/reply', write, async (request, reply) => {
    const { id } = IdSchema.parse(request.params);
    const input = EnquiryReplySchema.parse(request.body);
    const enquiry = await getEnquiry(app.db, id);
    if (!enquiry) throw notFound('The enquiry');
    const message = replyMessage(enquiry, await getSchoolProfile(app.db), input);
    let mailed = false;
    let error: string | undefined;
    if (app.mailOutbox.configured) {
      try {
        await app.mailOutbox.sendNow(message);
        mailed = true;
      } catch (err) {
        request.log.warn({ err, enquiry: id }, 'reply e-mail failed');
        error = 'The e-mail could not be sent; it is kept in the timeline. Send it yourself.';
      }
    } else {
      error = 'E-mail is not configured on this server (SMTP_URL): the reply is kept in the timeline; send it yourself.';
    }
    await addTimelineEntry(app.db, id, { kind: 'reply', text: input.message, mailed }, request.user!);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      entityId: id,
      title: titleOf(enquiry.type),
      changes: ['reply'],
      details: { mailed },
    });
    return reply.code(mailed ? 201 : 202).send({
      data: await enquiryTimelineOf(app.db, id),
      mailed,
      ...(error ? { message: error, mail: { to: enquiry.email, subject: message.subject, text: message.text } } : {}),
    });
  });
}
