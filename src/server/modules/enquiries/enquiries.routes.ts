import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import {
  AdmissionFormSchema,
  ContactFormSchema,
  EnquiryListQuerySchema,
  EnquiryUpdateSchema,
} from '../../../shared/schemas/enquiry.ts';
import { badRequest, notFound } from '../../errors.ts';
import {
  createEnquiry,
  deleteEnquiry,
  getEnquiry,
  listEnquiries,
  markMailPending,
  setEnquiryStatus,
} from './enquiries.service.ts';
import { MailOutbox } from './mail-outbox.ts';
import { SubmissionGuard, tooFast } from './submission-guard.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

const IdSchema = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

async function enquiriesRoutes(app: FastifyInstance) {
  // SMTP_URL from the environment (env.ts validates it at start).
  const outbox = new MailOutbox(app, process.env.SMTP_URL || undefined, Number(process.env.SPROUT_MAIL_RETRY_MS) || 30_000);
  app.decorate('mailOutbox', outbox);
  app.addHook('onReady', () => {
    void outbox.resume().catch((err: unknown) => app.log.warn({ err }, 'could not resume enquiry e-mails'));
  });
  app.addHook('onClose', async () => {
    outbox.close();
    await outbox.settle();
  });

  const guard = new SubmissionGuard();
  // Browser tests fill forms faster than people: they may lower the minimum fill time.
  const minFillMs = process.env.SPROUT_MIN_FILL_MS ? Number(process.env.SPROUT_MIN_FILL_MS) : undefined;
  const schemas = { admission: AdmissionFormSchema, contact: ContactFormSchema } as const;

  for (const type of ['admission', 'contact'] as const) {
    app.post(`/api/enquiries/${type}`, async (request, reply) => {
      const form = schemas[type].parse(request.body);
      // A filled honeypot gets a normal-looking answer and is dropped.
      if (form.website) return reply.code(201).send({ data: { id: null } });
      if (tooFast(form.elapsedMs, minFillMs)) {
        throw badRequest('That was quick! Please check your answers and send the form again.');
      }
      guard.admit(request.ip);
      const enquiry = await createEnquiry(
        app.db,
        type === 'admission'
          ? { type, form: form as z.infer<typeof AdmissionFormSchema> }
          : { type, form: form as z.infer<typeof ContactFormSchema> },
        { ip: request.ip, mailConfigured: outbox.configured },
      );
      outbox.deliver(enquiry.id);
      return reply.code(201).send({ data: { id: enquiry.id } });
    });
  }

  // The staff inbox (DESIGN §6: the leads module).
  app.get('/api/enquiries', { preHandler: app.requirePermission('leads', 'read') }, async (request) =>
    listEnquiries(app.db, EnquiryListQuerySchema.parse(request.query)),
  );
  app.get('/api/enquiries/:id', { preHandler: app.requirePermission('leads', 'read') }, async (request) => {
    const enquiry = await getEnquiry(app.db, IdSchema.parse(request.params).id);
    if (!enquiry) throw notFound('The enquiry');
    return { data: enquiry };
  });
  app.patch('/api/enquiries/:id', { preHandler: app.requirePermission('leads', 'write') }, async (request) => {
    const { status } = EnquiryUpdateSchema.parse(request.body);
    const enquiry = await setEnquiryStatus(app.db, IdSchema.parse(request.params).id, status, request.user!);
    if (!enquiry) throw notFound('The enquiry');
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
    if (!(await deleteEnquiry(app.db, IdSchema.parse(request.params).id))) throw notFound('The enquiry');
    return { success: true };
  });
}

// Not encapsulated: `app.mailOutbox` is visible to the whole app (tests wait on it).
export default fp(enquiriesRoutes, { name: 'enquiries' });
