import { eq } from 'drizzle-orm';
import { DEFAULT_MAILING_RATE, MailSettingsSchema, type MailSettings } from '../../../shared/schemas/mailing.ts';
import type { Db } from '../../db/client.ts';
import { settings } from '../../db/schema/index.ts';

const KEY = 'mailing_settings';

/** The rate staff chose (messages a minute, every instance together), or the default. */
export async function getMailSettings(db: Db): Promise<MailSettings> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, KEY));
  const parsed = MailSettingsSchema.safeParse(row?.value ?? {});
  return parsed.success ? parsed.data : { ratePerMinute: DEFAULT_MAILING_RATE };
}

export async function saveMailSettings(db: Db, input: MailSettings): Promise<MailSettings> {
  const value = MailSettingsSchema.parse(input);
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: new Date() } });
  return value;
}

/** SPROUT_MAILING_RATE (tests, benchmarks) overrides the stored rate; anything not a positive number is ignored. */
export function rateFromEnv(env: NodeJS.ProcessEnv = process.env): number | undefined {
  const n = Number(env.SPROUT_MAILING_RATE?.trim() || NaN);
  return Number.isFinite(n) && n > 0 ? n : undefined;
}
