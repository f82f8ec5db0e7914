import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ConsentChangeSchema,
  FamilyEraseSchema,
  FamilyFromEnquirySchema,
  FamilyInputSchema,
  FamilyListQuerySchema,
} from '../../../shared/schemas/family.ts';
import { notFound } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { idParam } from '../media/params.ts';
import {
  childOf,
  consentHistory,
  createFamily,
  deleteFamily,
  getFamily,
  listFamilies,
  recordConsent,
  updateFamily,
} from './families.service.ts';
import { addChildFromEnquiry, createFamilyFromEnquiry } from './family-from-enquiry.ts';
import { eraseFamily, familyExport, familyExportZip } from './family-privacy.ts';

type IdParams = { Params: { id: string } };

const familyId = (request: FastifyRequest<IdParams>) => idParam(request.params.id, 'The family');

/** What an update changed, by field name (never values): the family's own fields, its contacts, its children. */
function familyChanges(before: object, after: object): string[] {
  return changedFields(before, after).filter((f) => f !== 'id' && f !== 'enquiryId');
}

/**
 * Families and children (issue 32), for staff with the `families` module: read = see them and the
 * children's consents, write = add and change them and record a consent given on paper, delete =
 * delete a family. Every change and every consent recorded goes to the audit log (the names in its
 * sentences are read live, so they go with the family).
 */
export default async function familiesRoutes(app: FastifyInstance) {
  const canRead = app.requirePermission('families', 'read');
  const canWrite = app.requirePermission('families', 'write');
  const canDelete = app.requirePermission('families', 'delete');

  const load = async (id: number) => {
    const family = await getFamily(app.db, id);
    if (!family) throw notFound('The family');
    return family;
  };

  app.get('/api/families', { preHandler: canRead }, async (request) =>
    listFamilies(app.db, FamilyListQuerySchema.parse(request.query)),
  );

  app.get<IdParams>('/api/families/:id', { preHandler: canRead }, async (request) => ({ data: await load(familyId(request)) }));

  app.post('/api/families', { preHandler: canWrite }, async (request, reply) => {
    const input = FamilyInputSchema.parse(request.body ?? {});
    const id = await createFamily(app.db, input, request.user!.id);
    const family = await load(id);
    await audit(app.db, whoOf(request), {
      action: 'create',
      entity: 'family',
      entityId: id,
      details: { contacts: family.contacts.length, children: family.children.length },
    });
    return reply.code(201).send({ data: family });
  });

  // One step from an enrolled admission: the parent and the child carried over (the body may
  // correct the child's branch or programme when the admission's is no longer the school's).
  app.post<IdParams>('/api/families/from-enquiry/:id', { preHandler: canWrite }, async (request, reply) => {
    const enquiryId = idParam(request.params.id, 'The admission');
    const corrections = FamilyFromEnquirySchema.parse(request.body ?? {});
    const id = await createFamilyFromEnquiry(app.db, enquiryId, request.user!.id, corrections);
    const family = await load(id);
    await audit(app.db, whoOf(request), {
      action: 'create',
      entity: 'family',
      entityId: id,
      details: { enquiry: enquiryId, contacts: family.contacts.length, children: family.children.length },
    });
    return reply.code(201).send({ data: family });
  });

  app.put<IdParams>('/api/families/:id', { preHandler: canWrite }, async (request) => {
    const id = familyId(request);
    const input = FamilyInputSchema.parse(request.body ?? {});
    const before = await load(id);
    await updateFamily(app.db, id, input, request.user!.id);
    const family = await load(id);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity: 'family',
      entityId: id,
      changes: familyChanges(
        { ...before, children: before.children.map(({ consents: _, programmeName: __, ...c }) => c) },
        { ...family, children: family.children.map(({ consents: _, programmeName: __, ...c }) => c) },
      ),
    });
    return { data: family };
  });

  app.delete<IdParams>('/api/families/:id', { preHandler: canDelete }, async (request) => {
    const id = familyId(request);
    const family = await load(id);
    await deleteFamily(app.db, id);
    await audit(app.db, whoOf(request), {
      action: 'delete',
      entity: 'family',
      entityId: id,
      details: { contacts: family.contacts.length, children: family.children.length },
    });
    return { success: true };
  });

  // A sibling enrolled later: the admission's child joins this family (the parent is already its contact).
  app.post<{ Params: { id: string; enquiryId: string } }>(
    '/api/families/:id/children/from-enquiry/:enquiryId',
    { preHandler: canWrite },
    async (request, reply) => {
      const id = familyId(request);
      const enquiryId = idParam(request.params.enquiryId, 'The admission');
      const corrections = FamilyFromEnquirySchema.parse(request.body ?? {});
      const childId = await addChildFromEnquiry(app.db, id, enquiryId, request.user!.id, corrections);
      const family = await load(id);
      await audit(app.db, whoOf(request), {
        action: 'update',
        entity: 'family',
        entityId: id,
        changes: ['children'],
        details: { enquiry: enquiryId, child: childId, children: family.children.length },
      });
      return reply.code(201).send({ data: family });
    },
  );

  // Data protection (decision 26). The export needs families: write, not read: it takes off the
  // system, in one file, what read only shows (with the admission and the audit entries, which
  // read alone does not open): the people who answer a parent's request for their data.
  app.get<IdParams>('/api/families/:id/export', { preHandler: canWrite }, async (request, reply) => {
    const id = familyId(request);
    const exported = await familyExport(app.db, id);
    await audit(app.db, whoOf(request), {
      action: 'family-export',
      entity: 'family',
      entityId: id,
      details: { ...exported.counts },
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="family-${id}-${new Date().toISOString().slice(0, 10)}.zip"`)
      .header('cache-control', 'private, no-store')
      .send(familyExportZip(exported, app.storage));
  });

  // Unlike DELETE, erasure also anonymises the family's enquiries and the parents' names in the
  // audit log: the right to erasure, not a tidy-up. An open admission asks for `confirm` first.
  app.post<IdParams>('/api/families/:id/erase', { preHandler: canDelete }, async (request) => {
    const id = familyId(request);
    const { confirm } = FamilyEraseSchema.parse(request.body ?? {});
    const erased = await eraseFamily(app.db, id, confirm);
    await audit(app.db, whoOf(request), {
      action: 'family-erase',
      entity: 'family',
      entityId: id,
      details: { ...erased, ...(confirm ? { confirmed: true } : {}) },
    });
    return { data: erased };
  });

  // A child's photo consents: the whole history, newest first; staff record one given on paper.
  app.get<IdParams>('/api/families/children/:id/consents', { preHandler: canRead }, async (request) => ({
    data: await consentHistory(app.db, idParam(request.params.id, 'The child')),
  }));

  app.post<IdParams>('/api/families/children/:id/consents', { preHandler: canWrite }, async (request, reply) => {
    const childId = idParam(request.params.id, 'The child');
    const change = ConsentChangeSchema.parse(request.body ?? {});
    const child = await childOf(app.db, childId);
    const record = await recordConsent(app.db, childId, change, { kind: 'staff', id: request.user!.id });
    await audit(app.db, whoOf(request), {
      action: 'consent-change',
      entity: 'child',
      entityId: childId,
      details: { purpose: change.purpose, granted: change.granted, family: child.familyId, by: 'staff' },
    });
    return reply.code(201).send({ data: record });
  });
}
