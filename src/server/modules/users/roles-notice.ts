import { eq } from 'drizzle-orm';
import type { BuiltInRolesNotice } from '../../../shared/schemas/user.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

/** Written by migration 0010 on an install made before issue 29; removed once an administrator dismisses it. */
const NOTICE_KEY = 'built_in_roles_notice';

export async function builtInRolesNotice(db: Db): Promise<BuiltInRolesNotice | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, NOTICE_KEY));
  return (row?.value as BuiltInRolesNotice | undefined) ?? null;
}

export async function dismissBuiltInRolesNotice(db: Db): Promise<void> {
  await db.delete(settings).where(eq(settings.key, NOTICE_KEY));
}
