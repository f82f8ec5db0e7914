import { z } from 'zod';
import { IdSchema } from './user.ts';

/** Every action the audit log records, with the words the screen and the CSV use. */
export const AUDIT_ACTIONS = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-locked': 'Sign-in locked',
  'sign-out': 'Signed out',
  'password-change': 'Password changed',
  'password-reset': 'Password reset by e-mail',
  '2fa-enable': 'Two-factor turned on',
  '2fa-disable': 'Two-factor turned off',
  '2fa-reset': 'Two-factor reset',
  '2fa-failed': 'Wrong two-factor code',
  '2fa-recovery-code': 'Recovery code used',
  '2fa-new-codes': 'New recovery codes',
  'session-end': 'Session ended',
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  publish: 'Published',
  unpublish: 'Unpublished',
  'status-change': 'Status changed',
  'role-change': 'Role changed',
  'permissions-change': 'Permissions changed',
  'backup-download': 'Backup downloaded',
  'backup-restore': 'Restored from a backup',
  'backup-refused': 'Backup or restore refused',
  'consent-change': 'Photo consent recorded',
  'family-sign-in-link': 'Family sign-in link',
  'family-export': 'Family data exported',
  'family-erase': 'Family erased',
  'private-photo-view': 'Private photo viewed',
  email: 'E-mailed',
  'mailing-retry': 'Failed mail sent again',
  'mailing-test': 'Test e-mail sent',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

/** What an entry is about. */
export const AUDIT_ENTITIES = {
  user: 'User',
  role: 'Role',
  session: 'Session',
  event: 'Event',
  gallery: 'Gallery',
  post: 'Post',
  category: 'Category',
  school: 'School profile',
  enquiry: 'Enquiry',
  settings: 'Security settings',
  backup: 'Backup',
  page: 'Page',
  section: 'Public page words',
  family: 'Family',
  child: 'Child',
  notice: 'Notice',
  mailing: 'Mailing',
  subscriber: 'Newsletter subscriber',
  school_date: 'School year',
} as const;
export type AuditEntity = keyof typeof AUDIT_ENTITIES;
export const AUDIT_ENTITY_KEYS = Object.keys(AUDIT_ENTITIES) as [AuditEntity, ...AuditEntity[]];

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const DateOnly = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-24')
    // A day of the calendar: Date rolls 2027-02-30 over to 2 March, so it must come back unchanged.
    .refine((s) => {
      const day = new Date(`${s}T00:00:00Z`);
      return s >= '1970-01-01' && !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === s;
    }, 'There is no such day')
    .optional(),
);

/** GET /api/audit and its CSV export: the filters (dates are whole days in the school's timezone). */
export const AuditFilterSchema = z
  .object({
    userId: z.preprocess(blankToUndefined, IdSchema.optional()),
    action: z.preprocess(blankToUndefined, z.enum(AUDIT_ACTION_KEYS, 'Unknown action').optional()),
    entity: z.preprocess(blankToUndefined, z.enum(AUDIT_ENTITY_KEYS, 'Unknown entity').optional()),
    from: DateOnly,
    to: DateOnly,
  })
  .refine((f) => !f.from || !f.to || f.from <= f.to, { message: 'The start date is after the end date', path: ['to'] });
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** A page: newest first, `cursor` from the previous page's `nextCursor`. */
export const AuditQuerySchema = z.intersection(
  AuditFilterSchema,
  z.object({
    limit: z.coerce.number().int().min(1).max(100).default(50),
    cursor: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,15}-\d{1,18}$/, 'Not a page of this list')
        .optional(),
    ),
  }),
);
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export interface AuditEntry {
  id: number;
  createdAt: string;
  userId: number | null;
  username: string | null;
  ip: string | null;
  action: AuditAction;
  entity: AuditEntity | null;
  entityId: string | null;
  title: string | null;
  /** Names of the fields an update changed (never their values). */
  changes: string[];
  details: Record<string, string | number | boolean> | null;
  /** What happened, as a sentence a head teacher understands (issue 31), worded when read. */
  summary: string;
}

export interface AuditPage {
  data: AuditEntry[];
  /** The cursor of the next (older) page, or null on the last one. */
  nextCursor: string | null;
}
