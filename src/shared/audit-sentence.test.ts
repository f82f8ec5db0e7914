import { describe, expect, it } from 'vitest';
import { auditSentence } from './audit-sentence.ts';
import type { AuditEntry } from './schemas/audit.ts';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  createdAt: '2026-11-28T09:00:00.000Z',
  userId: 1,
  username: 'admin',
  ip: '127.0.0.1',
  action: 'update',
  entity: null,
  entityId: null,
  title: null,
  changes: [],
  details: null,
  summary: '',
  ...over,
});

// Issue 31: the audit log reads as sentences a head teacher understands, not as the database.
describe('an audit entry as a sentence', () => {
  it('names admissions and messages by the family, and stages by their labels', () => {
    const moved = entry({
      action: 'status-change',
      entity: 'enquiry',
      entityId: '1',
      details: { from: 'new', to: 'visit_booked' },
    });
    expect(auditSentence(moved, { enquiry: { name: 'Aarav Shah', type: 'admission' } })).toBe(
      'Moved the admission of Aarav Shah to “Visit booked”',
    );
    const handled = entry({ action: 'status-change', entity: 'enquiry', entityId: '2', details: { status: 'handled' } });
    expect(auditSentence(handled, { enquiry: { name: 'Ravi Menon', type: 'contact' } })).toBe(
      'Marked the message from Ravi Menon as handled',
    );
    const reply = entry({ entity: 'enquiry', entityId: '2', changes: ['reply'] });
    expect(auditSentence(reply, { enquiry: { name: 'Ravi Menon', type: 'contact' } })).toBe('Replied to Ravi Menon');
  });

  it('says what changed in words, and who an account belongs to', () => {
    expect(
      auditSentence(entry({ entity: 'event', entityId: '3', title: 'Sports Day', changes: ['start_date', 'cover_image'] })),
    ).toBe('Changed the event “Sports Day”: start and cover photo');
    expect(auditSentence(entry({ entity: 'role', title: 'Class teacher', changes: ['permissions.blog', 'displayName'] }))).toBe(
      'Changed the role “Class teacher”: blog permissions and name',
    );
    const role = entry({
      action: 'role-change',
      entity: 'user',
      entityId: '4',
      title: 'asha',
      details: { role: 'class_teacher' },
    });
    expect(auditSentence(role, { person: 'Asha Rao', role: 'Class teacher' })).toBe('Gave Asha Rao the role “Class teacher”');
    expect(auditSentence(entry({ action: 'create', entity: 'user', entityId: '4', title: 'asha' }))).toBe(
      'Added the staff account @asha',
    );
  });

  it('words sign-ins, two-factor and backups', () => {
    expect(auditSentence(entry({ action: 'sign-in', details: { method: 'totp' } }))).toBe('Signed in with a two-factor code');
    expect(auditSentence(entry({ action: 'sign-in-failed', title: 'asha', details: { reason: 'wrong password' } }))).toBe(
      'Could not sign in as “asha” (wrong password)',
    );
    expect(auditSentence(entry({ action: 'password-change', entity: 'user', entityId: '1' }))).toBe('Changed their own password');
    expect(auditSentence(entry({ action: 'password-reset', entity: 'user', entityId: '1' }))).toBe(
      'Chose a new password from a link sent by e-mail',
    );
    expect(auditSentence(entry({ action: 'backup-refused', details: { operation: 'restore', reason: 'wrong-password' } }))).toBe(
      'Was not allowed to restore a backup: the password was wrong',
    );
    expect(auditSentence(entry({ entity: 'settings', title: 'Two-factor requirement', details: { mode: 'all' } }))).toBe(
      'Required two-factor sign-in of all staff',
    );
  });

  it('keeps the website’s own sentences as written', () => {
    expect(auditSentence(entry({ action: 'publish', entity: 'page', title: 'Published the page “Privacy Policy”' }))).toBe(
      'Published the page “Privacy Policy”',
    );
  });

  it('words families and photo consents, naming them while they exist (issue 32)', () => {
    const family = entry({ action: 'create', entity: 'family', entityId: '7', details: { enquiry: 12 } });
    expect(auditSentence(family, { family: 'Rao family' })).toBe('Made the family “Rao family” from admission #12');
    expect(
      auditSentence(entry({ action: 'update', entity: 'family', entityId: '7', changes: ['children'] }), {
        family: 'Rao family',
      }),
    ).toBe('Changed the family “Rao family”: children');
    expect(auditSentence(entry({ action: 'delete', entity: 'family', entityId: '7' }))).toBe('Deleted family #7 (since deleted)');
    // Staff without families: read are told the numbers only.
    expect(auditSentence(entry({ action: 'update', entity: 'family', entityId: '7' }), { familiesHidden: true })).toBe(
      'Changed family #7',
    );
    const consent = (purpose: string, granted: boolean) =>
      auditSentence(entry({ action: 'consent-change', entity: 'child', entityId: '3', details: { purpose, granted } }), {
        child: 'Vihaan Rao',
      });
    expect(consent('website', true)).toBe('Recorded that photos of Vihaan Rao may be shown on the public website');
    expect(consent('families', false)).toBe('Recorded that photos of Vihaan Rao may not be shown in the family area');
    expect(consent('none', true)).toBe('Marked Vihaan Rao as “No images anywhere”');
    expect(consent('none', false)).toBe('Lifted “No images anywhere” for Vihaan Rao');
  });

  it('words notices and their e-mail (issue 33)', () => {
    const notice = { entity: 'notice' as const, entityId: '4', title: 'Closed today: snow' };
    expect(auditSentence(entry({ ...notice, action: 'create' }))).toBe('Added the notice “Closed today: snow”');
    expect(auditSentence(entry({ ...notice, action: 'email', details: { mailing: 2, recipients: 31 } }))).toBe(
      'E-mailed the notice “Closed today: snow” to 31 addresses',
    );
    expect(auditSentence(entry({ ...notice, action: 'unpublish' }))).toBe('Took the notice “Closed today: snow” off the site');
  });

  it('words scheduled publishing, late after a stop, and a post restored from its history (issue 34)', () => {
    const post = { entity: 'post' as const, entityId: '9', title: 'Monday news' };
    const scheduled = { scheduled: true, scheduledFor: '2026-11-30T08:00:00.000Z' };
    expect(auditSentence(entry({ ...post, action: 'publish', details: scheduled }))).toBe(
      'Published the blog post “Monday news” on schedule',
    );
    expect(auditSentence(entry({ ...post, action: 'publish', details: { ...scheduled, lateMinutes: 125 } }))).toBe(
      'Published the blog post “Monday news” on schedule, 2 hours 5 minutes late (the server was not running at the time)',
    );
    expect(
      auditSentence(entry({ ...post, action: 'create', details: { status: 'draft', publishAt: scheduled.scheduledFor } })),
    ).toBe('Started the blog post “Monday news” as a draft, scheduled');
    expect(auditSentence(entry({ ...post, action: 'update', changes: ['publishAt'] }))).toBe(
      'Changed the blog post “Monday news”: publish time',
    );
    expect(auditSentence(entry({ ...post, action: 'update', details: { restoredVersion: 3 } }))).toBe(
      'Restored an earlier version of the blog post “Monday news”',
    );
  });

  it('words mailings: a retry, a test, the sending rate (issue 33)', () => {
    const mailing = { entity: 'mailing' as const, entityId: '7', title: 'Sports day' };
    expect(auditSentence(entry({ ...mailing, action: 'mailing-retry', details: { recipients: 3 } }))).toBe(
      'Sent the mailing “Sports day” again to 3 addresses it had failed for',
    );
    expect(auditSentence(entry({ ...mailing, action: 'mailing-test' }))).toBe(
      'Sent themselves a test of the mailing “Sports day”',
    );
    expect(auditSentence(entry({ ...mailing, entityId: null, action: 'mailing-test' }))).toBe(
      'Sent themselves a test e-mail “Sports day”',
    );
    expect(
      auditSentence(
        entry({ entity: 'mailing', entityId: null, title: 'Sending rate', action: 'update', changes: ['ratePerMinute'] }),
      ),
    ).toBe('Changed mail sending: rate per minute');
  });

  it('names a deleted newsletter subscriber by number, never by address (issue 33)', () => {
    expect(auditSentence(entry({ entity: 'subscriber', entityId: '12', title: null, action: 'delete' }))).toBe(
      'Deleted newsletter subscriber #12',
    );
  });
});
