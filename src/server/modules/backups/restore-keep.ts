import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../two-factor/secret-box.ts';
import { ArchiveError } from './archive-format.ts';
import { rowsOf } from './schema-history.ts';

/** What a restore keeps of the site it replaces (docs/decisions/0017-sealed-backup-secrets.md). */
export interface KeepOptions {
  /** The administrator restoring from the back office: stays an active administrator, as they are now. */
  adminId?: number;
  /** The name the audit log gives the backup's own entries (`details.restoredFrom`). */
  restoredFrom: string;
  /** Opens the backup's two-factor secrets (its secret.key, unsealed with the passphrase); absent: none given. */
  archiveBox?: SecretBox;
  /** The key this site keeps using: every restored secret is sealed again with it. */
  liveBox: SecretBox;
}

export interface KeptOutcome {
  /** Staff whose authenticator must be set up again (their secret could not be opened). */
  twoFactorCleared: number;
  /** Accounts the backup made administrators that were not: left inactive. */
  adminsDisabled: string[];
}

const exists = async (tx: Db, name: string) =>
  Boolean((await rowsOf<{ t: string | null }>(tx, sql`select to_regclass(${name})::text as t`))[0]?.t);

const columnsOf = async (tx: Db, table: string) =>
  (
    await rowsOf<{ name: string }>(
      tx,
      sql`select attname::text as name from pg_attribute where attrelid = ${table}::regclass and attnum > 0
          and not attisdropped and attgenerated = '' order by attnum`,
    )
  ).map((c) => `"${c.name}"`);

/** Copies what must outlive the restore into temporary tables, before `public` is dropped (same transaction). */
export async function keepLive(tx: Db, options: KeepOptions): Promise<{ liveAdmins: Array<{ id: number; username: string }> }> {
  const auditCopy = (await exists(tx, 'public.audit_log'))
    ? sql`select * from public.audit_log`
    : sql`select null::bigint as id where false`;
  await tx.execute(sql`create temp table sprout_live_audit on commit drop as ${auditCopy}`);
  if (options.adminId === undefined) return { liveAdmins: [] };
  const id = options.adminId;
  await tx.execute(sql`create temp table sprout_live_admin on commit drop as select * from public.users where id = ${id}`);
  await tx.execute(
    sql`create temp table sprout_live_2fa on commit drop as select * from public.two_factor where user_id = ${id}`,
  );
  await tx.execute(
    sql`create temp table sprout_live_codes on commit drop as select * from public.recovery_codes where user_id = ${id}`,
  );
  const liveAdmins = await rowsOf<{ id: number; username: string }>(
    tx,
    sql`select u.id, u.username from public.users u join public.roles r on r.id = u.role_id
        where r.name = 'admin' and u.status = 'active'`,
  );
  return { liveAdmins };
}

/** After the backup's rows are in: the live audit log, the restoring administrator, secrets sealed with the live key. */
export async function applyKept(
  tx: Db,
  options: KeepOptions,
  live: { liveAdmins: Array<{ id: number; username: string }> },
): Promise<KeptOutcome> {
  await mergeAuditLog(tx, options.restoredFrom);
  const twoFactorCleared = await resealSecrets(tx, options);
  const adminsDisabled = options.adminId === undefined ? [] : await keepAdministrator(tx, options.adminId, live.liveAdmins);
  return { twoFactorCleared, adminsDisabled };
}

/**
 * The audit log is append-only: the entries made before the restore keep their ids; the backup's
 * that the live log lacks follow under new ids, marked with the backup they came from, so they
 * never stand in for live ones.
 */
async function mergeAuditLog(tx: Db, restoredFrom: string) {
  await tx.execute(sql`create temp table sprout_restored_audit on commit drop as select * from public.audit_log`);
  await tx.execute(sql`delete from public.audit_log`);
  const liveColumns = await columnsOf(tx, 'pg_temp.sprout_live_audit');
  const target = new Set(await columnsOf(tx, 'public.audit_log'));
  const kept = liveColumns.filter((c) => target.has(c));
  if (kept.length > 1) {
    const list = sql.raw(kept.join(', '));
    await tx.execute(sql`insert into public.audit_log (${list}) overriding system value select ${list} from sprout_live_audit`);
  }
  await tx.execute(
    sql`select setval(pg_get_serial_sequence('public.audit_log', 'id'), coalesce((select max(id) from public.audit_log), 0) + 1, false)`,
  );
  const restored = (await columnsOf(tx, 'pg_temp.sprout_restored_audit')).filter((c) => c !== '"id"' && c !== '"details"');
  const list = sql.raw(restored.join(', '));
  // A backup of this same site holds entries the live log still has (same id, time and action):
  // those are not added twice. Only what the live log lacks comes in, marked as restored.
  const sameEntry = ['"id"', '"created_at"', '"action"'].every((c) => kept.includes(c))
    ? sql`where not exists (select 1 from sprout_live_audit l
        where l.id = r.id and l.created_at = r.created_at and l.action = r.action)`
    : sql``;
  await tx.execute(
    sql`insert into public.audit_log (${list}, "details")
        select ${list}, coalesce("details", '{}'::jsonb) || jsonb_build_object('restoredFrom', ${restoredFrom}::text)
        from sprout_restored_audit r ${sameEntry} order by id`,
  );
}

const tryOpen = (box: SecretBox | undefined, sealed: string) => {
  if (!box || !sealed) return null;
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
};

/**
 * Every restored two-factor secret is opened (with the backup's key, else this site's) and sealed
 * again with this site's key, which stays in place. One that neither opens is cleared: its owner
 * signs in with a recovery code (hashed, no key needed) and sets the authenticator up again.
 */
async function resealSecrets(tx: Db, options: KeepOptions): Promise<number> {
  const rows = await rowsOf<{ user_id: number; secret: string; confirmed: boolean }>(
    tx,
    sql`select user_id, secret, confirmed_at is not null as confirmed from public.two_factor`,
  );
  let cleared = 0;
  for (const row of rows) {
    const plain = tryOpen(options.archiveBox, row.secret) ?? tryOpen(options.liveBox, row.secret);
    if (plain !== null) {
      await tx.execute(sql`update public.two_factor set secret = ${options.liveBox.seal(plain)} where user_id = ${row.user_id}`);
    } else if (row.confirmed) {
      cleared += row.secret ? 1 : 0;
      await tx.execute(sql`update public.two_factor set secret = '' where user_id = ${row.user_id}`);
    } else {
      await tx.execute(sql`delete from public.two_factor where user_id = ${row.user_id}`);
    }
  }
  const [setting] = await rowsOf<{ value: { sealed?: string } | null }>(
    tx,
    sql`select value from public.settings where key = 'backup_passphrase'`,
  );
  if (setting) {
    const plain =
      tryOpen(options.archiveBox, setting.value?.sealed ?? '') ?? tryOpen(options.liveBox, setting.value?.sealed ?? '');
    if (plain === null) await tx.execute(sql`delete from public.settings where key = 'backup_passphrase'`);
    else {
      const value = JSON.stringify({ sealed: options.liveBox.seal(plain) });
      await tx.execute(sql`update public.settings set value = ${value}::jsonb where key = 'backup_passphrase'`);
    }
  }
  return cleared;
}

/**
 * A restore from the back office cannot change who administers the site: the administrator who ran
 * it is put back as they were (account, password, second factor, the admin role, active), and any
 * account the backup makes an active administrator that was not one before is left inactive.
 */
async function keepAdministrator(tx: Db, adminId: number, liveAdmins: Array<{ id: number; username: string }>) {
  const [role] = await rowsOf<{ id: number }>(tx, sql`select id from public.roles where name = 'admin'`);
  if (!role) throw new ArchiveError('This backup has no administrator role. Nothing was changed.');
  const [me] = await rowsOf<{ username: string; email: string }>(tx, sql`select username, email from sprout_live_admin`);
  if (!me) throw new ArchiveError('Your account could not be kept through the restore. Nothing was changed.');
  // Another account of the backup holding this administrator's name or address gives them up.
  await tx.execute(
    sql`update public.users set username = 'restored-' || id || '-' || username, email = 'restored-' || id || '-' || email,
          status = 'inactive'
        where id <> ${adminId} and (lower(username) = lower(${me.username}) or lower(email) = lower(${me.email}))`,
  );
  // created_by may name an account the backup does not have: set below, only when it does.
  const columns = (await columnsOf(tx, 'pg_temp.sprout_live_admin')).filter((c) => c !== '"id"' && c !== '"created_by"');
  const target = new Set(await columnsOf(tx, 'public.users'));
  const kept = columns.filter((c) => target.has(c));
  const list = sql.raw(kept.join(', '));
  await tx.execute(sql`delete from public.two_factor where user_id = ${adminId}`);
  await tx.execute(sql`delete from public.recovery_codes where user_id = ${adminId}`);
  const present = await rowsOf<{ id: number }>(tx, sql`select id from public.users where id = ${adminId}`);
  if (present.length) {
    await tx.execute(sql`update public.users set (${list}) = (select ${list} from sprout_live_admin) where id = ${adminId}`);
  } else {
    await tx.execute(
      sql`insert into public.users ("id", ${list}) overriding system value select "id", ${list} from sprout_live_admin`,
    );
  }
  await tx.execute(
    sql`update public.users set role_id = ${role.id}, status = 'active',
          created_by = (select l.created_by from sprout_live_admin l where l.created_by in (select id from public.users))
        where id = ${adminId}`,
  );
  await tx.execute(sql`insert into public.two_factor select * from sprout_live_2fa`);
  await tx.execute(
    sql`insert into public.recovery_codes (user_id, code_hash, used_at, created_at) select user_id, code_hash, used_at, created_at from sprout_live_codes`,
  );
  const before = new Set(liveAdmins.map((a) => `${a.id}:${a.username.toLowerCase()}`));
  const promoted = await rowsOf<{ id: number; username: string }>(
    tx,
    sql`select u.id, u.username from public.users u where u.role_id = ${role.id} and u.status = 'active' and u.id <> ${adminId}`,
  );
  const disabled = promoted.filter((u) => !before.has(`${u.id}:${u.username.toLowerCase()}`));
  for (const u of disabled) await tx.execute(sql`update public.users set status = 'inactive' where id = ${u.id}`);
  return disabled.map((u) => u.username);
}
