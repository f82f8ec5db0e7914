import { STAGE_LABELS, type AdmissionStage } from './schemas/admission-stages.ts';
import type { AuditEntry } from './schemas/audit.ts';

/**
 * What the log knows of an entry's subject when it is read (never stored in the log itself, so a
 * family's name goes when retention deletes their enquiry): the child or sender of an enquiry, the
 * name of a member of staff, a role's display name.
 */
export interface AuditNames {
  /** An enquiry's name (the child's, for an admission) and type, while the enquiry exists. */
  enquiry?: { name: string; type: 'admission' | 'contact' };
  /** A staff account's full name, while the account exists. */
  person?: string;
  /** The display name of the role a role change gave. */
  role?: string;
  /** A family's name, while the family exists (issue 32). */
  family?: string;
  /** A child's name, while the child exists (issue 32). */
  child?: string;
  /** The reader may not read families (no `families: read`): families and children by number only. */
  familiesHidden?: boolean;
}

/** Field names as a head teacher reads them. */
const FIELD_WORDS: Record<string, string> = {
  title: 'title',
  description: 'description',
  start_date: 'start',
  end_date: 'end',
  cover_image: 'cover photo',
  category: 'category',
  location: 'place',
  status: 'status',
  gallery_id: 'gallery',
  content: 'text',
  excerpt: 'summary',
  tags: 'tags',
  slug: 'web address',
  images: 'photos',
  photos: 'photos',
  videoUrl: 'video',
  thumbnail: 'cover photo',
  published: 'published',
  type: 'kind',
  name: 'name',
  displayName: 'name',
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail',
  username: 'username',
  roleId: 'role',
  note: 'note',
  reply: 'reply',
  mode: 'who must use it',
  roleIds: 'roles',
  timezone: 'time zone',
  branches: 'branches',
  publishAt: 'publish time',
};

const words = (field: string) => {
  const [head, module] = field.split('.');
  if (head === 'permissions' && module) return `${module} permissions`;
  return (
    FIELD_WORDS[field] ??
    field
      .replace(/_/g, ' ')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
};

/** "its start and place", from the changed fields; empty when none were recorded. */
function changedWords(changes: readonly string[]): string {
  const list = [...new Set(changes.map(words))];
  if (list.length === 0) return '';
  const joined = list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
  return `: ${joined}`;
}

const quoted = (title: string | null | undefined) => (title ? `“${title}”` : '');

/** What an entity is called in a sentence: "the event “Sports day”". */
function thing(entity: AuditEntry['entity'], entry: AuditEntry, names: AuditNames): string {
  const title = quoted(entry.title);
  const numbered = (noun: string) => (title ? `the ${noun} ${title}` : `${noun} #${entry.entityId ?? '?'}`);
  switch (entity) {
    case 'event':
      return numbered('event');
    case 'gallery':
      return numbered('gallery');
    case 'post':
      return numbered('blog post');
    case 'category':
      return numbered('category');
    case 'role':
      return numbered('role');
    case 'notice':
      return numbered('notice');
    case 'school_date':
      return numbered('school year date');
    case 'mailing':
      return entry.entityId === null ? 'mail sending' : numbered('mailing');
    case 'subscriber':
      // Never by address: the log outlives the subscription.
      return `newsletter subscriber #${entry.entityId ?? '?'}`;
    case 'user':
      return staff(entry, names);
    case 'school':
      return 'the school profile';
    case 'settings':
      return 'the security settings';
    case 'enquiry':
      return enquiryOf(entry, names);
    case 'family':
      if (names.family) return `the family “${names.family}”`;
      return `family #${entry.entityId ?? '?'}${names.familiesHidden ? '' : ' (since deleted)'}`;
    case 'child':
      if (names.child) return names.child;
      return `child #${entry.entityId ?? '?'}${names.familiesHidden ? '' : ' (since deleted)'}`;
    default:
      return title || 'something';
  }
}

/** A member of staff by their name, else their username. */
function staff(entry: AuditEntry, names: AuditNames) {
  if (names.person) return names.person;
  return entry.title ? `@${entry.title}` : 'a member of staff';
}

function enquiryOf(entry: AuditEntry, names: AuditNames) {
  const e = names.enquiry;
  if (e) return e.type === 'admission' ? `the admission of ${e.name}` : `the message from ${e.name}`;
  const admission = entry.title?.startsWith('Admission') || entry.details?.to !== undefined;
  return `${admission ? 'admission' : 'message'} #${entry.entityId ?? '?'} (since deleted)`;
}

/** " (2 children, 3 photos)": the counts an entry's details hold (an export's or an erasure's). */
function countsOf(details: AuditEntry['details'], keys: string[]): string {
  const nouns: Record<string, [string, string]> = {
    children: ['child', 'children'],
    photos: ['photo', 'photos'],
    contacts: ['contact', 'contacts'],
    enquiries: ['enquiry anonymised', 'enquiries anonymised'],
  };
  const parts = keys.flatMap((k) => {
    const n = details?.[k];
    if (typeof n !== 'number') return [];
    const [one, many] = nouns[k] ?? [k, k];
    return [`${n} ${n === 1 ? one : many}`];
  });
  return parts.length ? ` (${parts.join(', ')})` : '';
}

const stage = (value: unknown) => STAGE_LABELS[value as AdmissionStage] ?? String(value).replace(/_/g, ' ');

const REFUSALS: Record<string, string> = {
  'not-admin': 'only administrators may',
  'two-factor-setup-due': 'two-factor sign-in is not set up yet',
  invalid: 'the request was not valid',
  'wrong-password': 'the password was wrong',
  'no-code': 'no two-factor code was given',
};

const SIGN_IN_FAILURES: Record<string, string> = {
  'unknown username': 'no account has that username',
  'wrong password': 'wrong password',
  'account not active': 'the account is deactivated',
};

/** ", 2 hours 5 minutes late (the server was not running at the time)": a scheduled publish done after a stop (issue 34). */
function lateness(minutes: unknown): string {
  if (typeof minutes !== 'number') return '';
  const [h, m] = [Math.floor(minutes / 60), minutes % 60];
  const parts = [h && `${h} hour${h === 1 ? '' : 's'}`, m && `${m} minute${m === 1 ? '' : 's'}`].filter(Boolean);
  return `, ${parts.join(' ')} late (the server was not running at the time)`;
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * An audit entry as one sentence a head teacher understands ('Moved the admission of Aarav Shah
 * to “Visit booked”'), the person who did it said beside it. Entries the website writes as
 * sentences (its pages and public page words) are shown as written.
 */
export function auditSentence(entry: AuditEntry, names: AuditNames = {}): string {
  const { action, entity, details } = entry;
  if ((entity === 'page' || entity === 'section') && entry.title) return entry.title;
  const what = thing(entity, entry, names);
  const changes = changedWords(entry.changes);
  switch (action) {
    case 'sign-in':
      return details?.method === 'recovery-code'
        ? 'Signed in with a recovery code'
        : details?.method === 'totp'
          ? 'Signed in with a two-factor code'
          : 'Signed in';
    case 'sign-in-failed': {
      const why = SIGN_IN_FAILURES[String(details?.reason)] ?? details?.reason;
      return `Could not sign in as ${quoted(entry.title) || 'someone'}${why ? ` (${String(why)})` : ''}`;
    }
    case 'sign-in-locked':
      return `Sign-in as ${quoted(entry.title) || 'someone'} paused after too many wrong tries`;
    case 'sign-out':
      return 'Signed out';
    case 'password-change':
      return entry.entityId !== null && String(entry.userId) === entry.entityId
        ? 'Changed their own password'
        : `Set a new password for ${what}`;
    case 'password-reset':
      return 'Chose a new password from a link sent by e-mail';
    case '2fa-enable':
      return 'Turned on two-factor sign-in';
    case '2fa-disable':
      return 'Turned off two-factor sign-in';
    case '2fa-reset':
      return `Reset two-factor sign-in for ${what}`;
    case '2fa-failed':
      return 'Entered a wrong two-factor code';
    case '2fa-recovery-code':
      return 'Used a recovery code to sign in';
    case '2fa-new-codes':
      return 'Made new recovery codes';
    case 'session-end':
      if (entity === 'session') return 'Signed out one of their devices';
      if (details?.which === 'others') return 'Signed out on all their other devices';
      return `Signed ${what} out everywhere`;
    case 'role-change':
      return `Gave ${what} the role “${names.role ?? String(details?.role ?? 'none')}”`;
    case 'permissions-change':
      return `Changed what ${what} may do${changes}`;
    case 'status-change':
      if (entity === 'enquiry' && details?.to !== undefined) return `Moved ${what} to “${stage(details.to)}”`;
      if (entity === 'enquiry') return `Marked ${what} as ${details?.status === 'handled' ? 'handled' : 'new'}`;
      return `Changed the status of ${what}`;
    case 'backup-download':
      return `Downloaded the backup ${quoted(entry.title)}`.trim();
    case 'backup-restore':
      return `Restored the site from the backup ${quoted(entry.title)}`.trim();
    case 'consent-change': {
      const granted = details?.granted === true;
      if (details?.purpose === 'none') {
        return granted ? `Marked ${what} as “No images anywhere”` : `Lifted “No images anywhere” for ${what}`;
      }
      const where = details?.purpose === 'website' ? 'on the public website' : 'in the family area';
      return `Recorded that photos of ${what} ${granted ? 'may' : 'may not'} be shown ${where}`;
    }
    case 'family-sign-in-link': {
      // Older entries named the parent; newer ones name none (an erased family leaves no name).
      const to = quoted(entry.title) || 'a parent';
      return details?.mailed === false
        ? `Made a sign-in link for ${to} of ${what}, to pass on`
        : `A sign-in link was sent to ${to} of ${what}`;
    }
    case 'email': {
      const n = Number(details?.recipients);
      return `E-mailed ${what}${Number.isFinite(n) ? ` to ${n} address${n === 1 ? '' : 'es'}` : ''}`;
    }
    case 'mailing-retry': {
      const n = Number(details?.recipients);
      return `Sent ${what} again to ${Number.isFinite(n) ? `${n} address${n === 1 ? '' : 'es'} it had failed for` : 'the addresses it had failed for'}`;
    }
    case 'mailing-test':
      return entry.entityId === null
        ? `Sent themselves a test e-mail ${quoted(entry.title)}`.trim()
        : `Sent themselves a test of ${what}`;
    case 'private-photo-view':
      return `Viewed a private photo of ${what}${entry.title ? ` (${entry.title})` : ''}`;
    case 'family-export':
      return `Exported everything held about ${what}${countsOf(details, ['children', 'photos'])}`;
    case 'family-erase':
      // Erased, the family has no name to read: its number says which.
      return `Erased family #${entry.entityId ?? '?'}${countsOf(details, ['children', 'contacts', 'enquiries'])}`;
    case 'backup-refused': {
      const operation = details?.operation === 'restore' ? 'restore a backup' : 'download a backup';
      const why = REFUSALS[String(details?.reason)] ?? details?.reason;
      return `Was not allowed to ${operation}${why ? `: ${String(why)}` : ''}`;
    }
    case 'create':
      if (entity === 'user') return `Added the staff account ${what}`;
      if (entity === 'post' && details?.publishAt !== undefined) return `Started ${what} as a draft, scheduled`;
      if (entity === 'post' && details?.status === 'draft') return `Started ${what} as a draft`;
      if (entity === 'gallery' && details?.published === false) return `Added ${what}, not yet published`;
      if (entity === 'family' && details?.enquiry !== undefined) return `Made ${what} from admission #${String(details.enquiry)}`;
      return `Added ${what}`;
    case 'update':
      if (entity === 'backup')
        return details?.passphraseSet ? 'Set the passphrase of the daily backups' : 'Removed the passphrase of the daily backups';
      if (entity === 'settings' && entry.title === 'Two-factor requirement') {
        const mode = details?.mode;
        return mode === 'all'
          ? 'Required two-factor sign-in of all staff'
          : mode === 'roles'
            ? 'Required two-factor sign-in of chosen roles'
            : 'Made two-factor sign-in optional';
      }
      if (entity === 'enquiry' && entry.changes.includes('reply'))
        return `Replied to ${what.replace(/^the (admission|message) (of|from) /, '')}`;
      if (entity === 'enquiry' && entry.changes.includes('note')) return `Added a note to ${what}`;
      if (entity === 'post' && details?.restoredVersion !== undefined) return `Restored an earlier version of ${what}`;
      return `Changed ${what}${changes}`;
    case 'delete':
      if (entity === 'category' && details?.movedTo !== undefined) {
        const n = Number(details.movedEvents);
        return `Deleted ${what}, moving its ${n} event${n === 1 ? '' : 's'} to “${String(details.movedTo)}”`;
      }
      if (entity === 'enquiry' && details?.count !== undefined) {
        return `Deleted ${String(details.count)} enquiries older than ${String(details.months)} months, as the school keeps them no longer`;
      }
      if (entity === 'child' && details?.tags !== undefined) {
        const [tags, kids, moved] = [Number(details.tags), Number(details.children), Number(details.photosMoved ?? 0)];
        const photos = moved ? `; ${moved} photo${moved === 1 ? '' : 's'} moved to a staff-only gallery` : '';
        return `Removed ${tags} photo tag${tags === 1 ? '' : 's'} of ${kids} ${kids === 1 ? 'child' : 'children'} who left more than ${String(details.period)} ago${photos}`;
      }
      return `Deleted ${what}`;
    case 'publish':
      return details?.scheduled ? `Published ${what} on schedule${lateness(details.lateMinutes)}` : `Published ${what}`;
    case 'unpublish':
      return `Took ${what} off the site`;
    default:
      return capital(`${action} ${what}`);
  }
}
