import { z } from 'zod';
import { IdSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './user.ts';

/** A whole number within bounds, from a JSON number or a form's string. */
const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** The longest minimum a school may set: a passphrase, not a paragraph. */
export const MAX_MIN_PASSWORD_LENGTH = 64;

export const RETENTION_UNITS = ['days', 'months'] as const;
export type RetentionUnit = (typeof RETENTION_UNITS)[number];
/** The longest period a school may set, per unit: two years in days, five in months. */
export const RETENTION_PERIOD_MAX: Record<RetentionUnit, number> = { days: 730, months: 60 };

/** A period after a child's leaving date (issue 32, decision 27): whole days or whole months. */
const afterLeaving = (label: string, fallback: RetentionPeriod) =>
  z
    .object({
      amount: whole(label, 1, RETENTION_PERIOD_MAX.days),
      unit: z.enum(RETENTION_UNITS, `${label}: choose days or months`).default('months'),
    })
    .superRefine((period, ctx) => {
      const max = RETENTION_PERIOD_MAX[period.unit];
      if (period.amount > max)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: `${label} must be at most ${max} ${period.unit}` });
    })
    .default(fallback);
export interface RetentionPeriod {
  amount: number;
  unit: RetentionUnit;
}

/** "3 months", "1 day": a period as people say it. */
export const periodWords = ({ amount, unit }: RetentionPeriod) => `${amount} ${amount === 1 ? unit.slice(0, -1) : unit}`;

/** Settings > Security (module `settings`): password policy, session lifetimes, audit retention. */
export const SecuritySettingsSchema = z.object({
  minPasswordLength: whole('Minimum password length', MIN_PASSWORD_LENGTH, MAX_MIN_PASSWORD_LENGTH).default(MIN_PASSWORD_LENGTH),
  sessionIdleHours: whole('Idle time', 1, 24 * 30).default(12),
  sessionMaxDays: whole('Longest session', 1, 365).default(30),
  auditRetentionMonths: whole('Audit log retention', 1, 120).default(12),
  /** Declined and stale enquiries are deleted after this (issue #14); enrolled children's stay. */
  enquiryRetentionMonths: whole('Enquiry retention', 1, 120).default(24),
  /** When every child of a family left longer ago than this, its parents can no longer sign in. */
  familyAccessAfterLeaving: afterLeaving('Family access after a child leaves', { amount: 3, unit: 'months' }),
  /** A child who left longer ago than this: their photos leave every audience but staff, their tags go. */
  photosAfterLeaving: afterLeaving('Photos after a child leaves', { amount: 12, unit: 'months' }),
});
export type SecuritySettings = z.infer<typeof SecuritySettingsSchema>;
export const DEFAULT_SECURITY_SETTINGS: SecuritySettings = SecuritySettingsSchema.parse({});

export const TWO_FACTOR_MODES = ['off', 'all', 'roles'] as const;
export type TwoFactorMode = (typeof TWO_FACTOR_MODES)[number];

/** Who must use two-factor sign-in (module `users`): nobody, every member of staff, or chosen roles. */
export const TwoFactorPolicySchema = z.object({
  mode: z.enum(TWO_FACTOR_MODES, 'Choose off, all staff or chosen roles').default('off'),
  roleIds: z.array(IdSchema).max(200).default([]),
});
export type TwoFactorPolicy = z.infer<typeof TwoFactorPolicySchema>;
export const DEFAULT_TWO_FACTOR_POLICY: TwoFactorPolicy = { mode: 'off', roleIds: [] };

/** GET /api/auth/password-policy: what every new-password form says and checks. */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
  /** One sentence for the forms' hint. */
  hint: string;
}
export const passwordHint = (minLength: number) => `At least ${minLength} characters; not a common password or an easy pattern.`;
export const passwordPolicy = (minLength: number): PasswordPolicy => ({
  minLength,
  maxLength: MAX_PASSWORD_LENGTH,
  hint: passwordHint(minLength),
});

/** A six-digit authenticator code, or a recovery code (letters and digits, dashes and spaces ignored). */
export const TwoFactorCodeSchema = z.object({
  code: z.string({ error: 'Enter the code' }).trim().min(1, 'Enter the code').max(40, 'That code is too long'),
});
export type TwoFactorCode = z.infer<typeof TwoFactorCodeSchema>;

export const CurrentPasswordSchema = z.object({
  currentPassword: z
    .string({ error: 'Enter your current password' })
    .min(1, 'Enter your current password')
    .max(MAX_PASSWORD_LENGTH),
});

/** What a signed-in user sees of their own second factor. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
  /** The school requires it for this user: it cannot be turned off. */
  required: boolean;
}

/** Shown once, while setting up: the secret as text for people who cannot scan, and the QR code. */
export interface TwoFactorSetup {
  secret: string;
  otpauthUrl: string;
  /** An SVG image of the QR code, drawn on the server (nothing loads from other hosts). */
  qrSvg: string;
}

/** The sign-in answer when a second step is needed: `totp` asks for a code, `totp-setup` leads to setup. */
export type SignInNext = 'totp' | 'totp-setup';

export interface SessionView {
  id: number;
  browser: string;
  os: string;
  device: string;
  ip: string | null;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}
