import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PublicUser, UserListQuery } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema/index.ts';

/** The columns a user is shown with: never the password hash. */
const staffColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  roleId: users.roleId,
  roleName: roles.name,
  roleDisplayName: roles.displayName,
  status: users.status,
  profileImageUrl: users.profileImageUrl,
  createdBy: users.createdBy,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
  // Spelled out: inside a select list Drizzle leaves columns unqualified.
  hasOwnPermissions: sql<boolean>`exists (select 1 from "user_permissions" as "up" where "up"."user_id" = "users"."id")`,
  twoFactorEnabled: sql<boolean>`exists (select 1 from "two_factor" as "tf" where "tf"."user_id" = "users"."id" and "tf"."confirmed_at" is not null)`,
};

const selectUsers = (db: Db) => db.select(staffColumns).from(users).leftJoin(roles, eq(roles.id, users.roleId));
type Row = Awaited<ReturnType<typeof selectUsers>>[number];

function toPublicUser(row: Row): PublicUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    roleId: row.roleId,
    roleName: row.roleName,
    roleDisplayName: row.roleDisplayName,
    role:
      row.roleId !== null && row.roleName !== null
        ? { id: row.roleId, name: row.roleName, displayName: row.roleDisplayName ?? row.roleName }
        : null,
    status: row.status,
    profileImageUrl: row.profileImageUrl,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
    hasOwnPermissions: Boolean(row.hasOwnPermissions),
    twoFactorEnabled: Boolean(row.twoFactorEnabled),
  };
}

export async function findUser(db: Db, id: number): Promise<PublicUser | null> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  return row ? toPublicUser(row) : null;
}

function listFilter(query: Pick<UserListQuery, 'status' | 'roleId'>): SQL | undefined {
  return and(
    query.status ? eq(users.status, query.status) : undefined,
    query.roleId === 'none' ? isNull(users.roleId) : query.roleId ? eq(users.roleId, query.roleId) : undefined,
  );
}

/** §2 User Management: the list (oldest account first) and its three counters, which ignore the filters. */
export async function listUsers(db: Db, query: UserListQuery) {
  const where = listFilter(query);
  const [rows, [filtered], [counts]] = await Promise.all([
    selectUsers(db).where(where).orderBy(asc(users.id)).limit(query.limit).offset(query.offset),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(where),
    db
      .select({
        total: sql<number>`count(*)::int`,
        active: sql<number>`(count(*) filter (where "users"."status" = 'active'))::int`,
        admins: sql<number>`(count(*) filter (where "roles"."name" = 'admin'))::int`,
      })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId)),
  ]);
  return { data: rows.map((r) => toPublicUser(r)), total: filtered!.total, counts: counts! };
}
