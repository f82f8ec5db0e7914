import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { ENQUIRY_TYPES } from '../../../shared/schemas/enquiry-options.ts';
import {
  admissionFormFor,
  AdmissionFormSchema,
  ContactFormSchema,
  EnquiryIdParamsSchema,
  EnquiryListQuerySchema,
  EnquiryUpdateSchema,
} from '../../../shared/schemas/enquiry.ts';
import { audit, whoOf } from '../audit/audit.service.ts';
import { badRequest, notFound } from '../../errors.ts';
import {
  countNewEnquiries,
  createEnquiry,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  markMailPending,
  setEnquiryStatus,
} from './enquiries.service.ts';
import type { SchoolProfile } from '../../../shared/schemas/school.ts';
import { confirmationMessage } from '../admissions/admission-mail.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { MailOutbox } from './mail-outbox.ts';
import { FormTokens, minimumFillMs } from './form-token.ts';
import { passesSpamGuards } from './submission-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

const FormTokenQuerySchema = z.object({ type: z.enum(ENQUIRY_TYPES, 'Say which form: admission or contact.') });

/** The admission's branch must be one of the school's; a one-branch school needs no choice. */
function admissionBranch(form: { branch?: string }, school: SchoolProfile) {
  const names = school.branches.map((b) => b.name);
  if (!form.branch && names.length === 1) form.branch = names[0];
  if (form.branch && !names.includes(form.branch)) {
    throw badRequest('Choose one of our branches.', { fields: { branch: `Choose one of: ${names.join(', ')}.` } });
  }
}

const IdSchema = EnquiryIdParamsSchema;

async function enquiriesRoutes(app: FastifyInstance) {
  // SMTP_URL from the environment (env.ts validates it at start).
  const outbox = new MailOutbox(app, process.env.SMTP_URL || undefined, {
    retryBaseMs: Number(process.env.SPROUT_MAIL_RETRY_MS) || 30_000,
    leaseMs: Number(process.env.SPROUT_MAIL_LEASE_MS) || 120_000,
    sweepMs: Number(process.env.SPROUT_MAIL_SWEEP_MS) || 60_000,
  });
  app.decorate('mailOutbox', outbox);
  const resume = () => {
    void outbox.resume().catch((err: unknown) => app.log.warn({ err }, 'could not resume enquiry e-mails'));
  };
  app.addHook('onReady', resume);
  // After the installer's move to PostgreSQL: the sweep that other instances' mail needs.
  app.database.onSwap(resume);
  app.addHook('onClose', async () => {
    outbox.close();
    await outbox.settle();
  });

  const formTokens = new FormTokens(() => app.db);
  const minFillMs = minimumFillMs();

  // Fetched by the form once it is on screen in the browser, never rendered into the page: public
  // pages are cached for minutes, and a token baked into cached HTML would date from the render,
  // not from when the parent opened the form.
  app.get('/api/enquiries/form-token', async (request, reply) => {
    const { type } = FormTokenQuerySchema.parse(request.query);
    reply.header('cache-control', 'no-store');
    return { token: await formTokens.issue(type) };
  });

  for (const type of ['admission', 'contact'] as const) {
    app.post(`/api/enquiries/${type}`, async (request, reply) => {
      // The school's programmes are the admission form's departments (issue 30).
      const programmes = type === 'admission' ? await currentProgrammes(app.db) : [];
      const form = (type === 'admission' ? admissionFormFor(programmes) : ContactFormSchema).parse(request.body);
      // A filled honeypot gets a normal-looking answer and is dropped.
      if (!(await passesSpamGuards(app.db, formTokens, form, { type, ip: request.ip, minFillMs })))
        return reply.code(201).send({ data: { id: null } });
      const school = await getSchoolProfile(app.db);
      if (type === 'admission') admissionBranch(form as z.infer<typeof AdmissionFormSchema>, school);
      const enquiry = await createEnquiry(
        app.db,
        type === 'admission'
          ? { type, form: form as z.infer<typeof AdmissionFormSchema> }
          : { type, form: form as z.infer<typeof ContactFormSchema> },
        { ip: request.ip, mailConfigured: outbox.configured },
      );
      outbox.deliver(enquiry.id);
      // The family's own copy of the reference; not retried (the page already showed it).
      if (type === 'admission' && outbox.configured) {
        outbox.sendNow(confirmationMessage(enquiry, school, programmes)).catch((err: unknown) => {
          request.log.warn({ err, enquiry: enquiry.id }, 'admission confirmation e-mail failed');
        });
      }
      return reply.code(201).send({ data: { id: enquiry.id, reference: enquiry.reference } });
    });
  }

  // The staff inbox (DESIGN §6: the leads module). The audit log names an enquiry by its type and
  // number, never by the family's names.
  const entity = 'enquiry' as const;
  app.get('/api/enquiries', { preHandler: app.requirePermission('leads', 'read') }, async (request) =>
    listEnquiries(app.db, EnquiryListQuerySchema.parse(request.query)),
  );
  // Polled by every back-office page of a user who reads enquiries: a count on the status index.
  // `new` is every new enquiry as before; `messages` and `admissions` split it by screen (issue 31).
  app.get('/api/enquiries/new-count', { preHandler: app.requirePermission('leads', 'read') }, async () => ({
    data: await countNewEnquiries(app.db),
  }));
  app.get('/api/enquiries/:id', { preHandler: app.requirePermission('leads', 'read') }, async (request) => {
    const enquiry = await getEnquiry(app.db, IdSchema.parse(request.params).id);
    if (!enquiry) throw notFound('The enquiry');
    return { data: enquiry };
  });
  app.patch('/api/enquiries/:id', { preHandler: app.requirePermission('leads', 'write') }, async (request) => {
    const { status } = EnquiryUpdateSchema.parse(request.body);
    const enquiry = await setEnquiryStatus(app.db, IdSchema.parse(request.params).id, status, request.user!);
    if (!enquiry) throw notFound('The enquiry');
    const title = `${enquiry.type === 'admission' ? 'Admission' : 'Contact'} enquiry`;
    await audit(app.db, whoOf(request), { action: 'status-change', entity, entityId: enquiry.id, title, details: { status } });
    return { data: enquiry };
  });
  app.post('/api/enquiries/:id/resend', { preHandler: app.requirePermission('leads', 'write') }, async (request) => {
    const { id } = IdSchema.parse(request.params);
    if (!outbox.configured) throw badRequest('E-mail is not configured on this server (SMTP_URL).');
    if (!(await getEnquiry(app.db, id))) throw notFound('The enquiry');
    await markMailPending(app.db, id);
    outbox.deliver(id);
    return { data: await getEnquiry(app.db, id) };
  });
  app.delete('/api/enquiries/:id', { preHandler: app.requirePermission('leads', 'delete') }, async (request) => {
    const { id } = IdSchema.parse(request.params);
    const before = await getEnquiry(app.db, id);
    if (!before || !(await deleteEnquiry(app.db, id))) throw notFound('The enquiry');
    const title = `${before.type === 'admission' ? 'Admission' : 'Contact'} enquiry`;
    await audit(app.db, whoOf(request), { action: 'delete', entity, entityId: id, title });
    return { success: true };
  });
}

// Not encapsulated: `app.mailOutbox` is visible to the whole app (tests wait on it).
export default fp(enquiriesRoutes, { name: 'enquiries' });
