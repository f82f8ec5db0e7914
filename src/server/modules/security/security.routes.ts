import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { SecuritySettingsSchema, TwoFactorPolicySchema } from '../../../shared/schemas/security.ts';
import { roles } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import { audit, changedFields, whoOf } from '../audit/audit.service.ts';
import { runSecurityMaintenance } from './maintenance.ts';
import { runOnOneInstance } from '../../db/exclusive.ts';
import { runPhotoRetention } from '../families/retention.ts';
import {
  getSecuritySettings,
  getTwoFactorPolicy,
  saveSecuritySettings,
  saveTwoFactorPolicy,
} from './security-settings.service.ts';

export const SECURITY_ADMINS_ONLY = 'Only an administrator can change the security settings.';

/** How often retention and clean-up run (and once a minute after start). */
const MAINTENANCE_EVERY_MS = 6 * 3600 * 1000;
/** How often the photos of children who left are taken out of every audience but staff (and a minute after start). */
const PHOTO_RETENTION_EVERY_MS = 3 * 3600 * 1000;

/** Settings > Security: the policy (module settings) and who must use two-factor sign-in (module users). */
export default async function securityRoutes(app: FastifyInstance) {
  const entity = 'settings' as const;

  app.get('/api/security', { preHandler: app.requireAnyPermission(['settings', 'read'], ['users', 'read']) }, async () => ({
    data: { settings: await getSecuritySettings(app.db), twoFactor: await getTwoFactorPolicy(app.db) },
  }));

  // Issue 29: the sign-in rules, sessions, the audit log's retention and who needs a second factor
  // bind the administrators too: only an administrator changes them (a role with users: write
  // turned the administrators' second factor off).
  const administrators = (module: 'settings' | 'users') => ({
    preHandler: app.requireAdministrator(module, 'write', SECURITY_ADMINS_ONLY),
  });

  app.put('/api/security/settings', administrators('settings'), async (request) => {
    const before = await getSecuritySettings(app.db);
    const saved = await saveSecuritySettings(app.db, SecuritySettingsSchema.parse({ ...before, ...(request.body as object) }));
    const changes = changedFields(before, saved);
    await audit(app.db, whoOf(request), { action: 'update', entity, title: 'Password, sessions and audit log', changes });
    return { message: 'Security settings saved', data: saved };
  });

  app.put('/api/security/two-factor', administrators('users'), async (request) => {
    const input = TwoFactorPolicySchema.parse(request.body ?? {});
    if (input.mode === 'roles' && input.roleIds.length === 0) {
      throw badRequest('Choose at least one role', { fields: { roleIds: 'Choose at least one role' } });
    }
    const known = input.roleIds.length
      ? await app.db.select({ id: roles.id }).from(roles).where(inArray(roles.id, input.roleIds))
      : [];
    if (known.length !== new Set(input.roleIds).size) {
      throw badRequest('A chosen role does not exist', { fields: { roleIds: 'A chosen role does not exist' } });
    }
    const before = await getTwoFactorPolicy(app.db);
    const saved = await saveTwoFactorPolicy(app.db, input);
    const changes = changedFields(before, saved);
    await audit(app.db, whoOf(request), {
      action: 'update',
      entity,
      title: 'Two-factor requirement',
      changes,
      details: { mode: saved.mode },
    });
    return { message: 'Two-factor requirement saved', data: saved };
  });

  // Retention runs in the application, now and then; a failure is logged and tried again next time.
  // With several instances on one PostgreSQL, one of them does it each time.
  const maintain = () =>
    void runOnOneInstance(app.database, 'security-maintenance', () => runSecurityMaintenance(app.db)).catch((err: unknown) =>
      app.log.warn({ err }, 'security maintenance failed'),
    );
  // Photos of children who left (decision 27), on one instance.
  const retirePhotos = () =>
    void runPhotoRetention(app).catch((err: unknown) => app.log.warn({ err }, 'photo retention of children who left failed'));
  const timers: NodeJS.Timeout[] = [];
  app.addHook('onReady', async () => {
    timers.push(setTimeout(maintain, 60_000).unref(), setInterval(maintain, MAINTENANCE_EVERY_MS).unref());
    timers.push(setTimeout(retirePhotos, 60_000).unref(), setInterval(retirePhotos, PHOTO_RETENTION_EVERY_MS).unref());
  });
  app.addHook('onClose', async () => {
    for (const timer of timers) clearTimeout(timer);
  });
}
