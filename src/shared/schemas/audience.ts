import { z } from 'zod';

/**
 * Who sees a gallery, a post or an event (issue 32, decision 25): everyone (the public site), all
 * families of the school, the families of a branch, of a programme at a branch, or staff only.
 * Only 'everyone' is public.
 */
export const AUDIENCES = ['everyone', 'families', 'branch', 'programme', 'staff'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * A post's or an event's audience: the same without 'staff', which a draft post already is (an
 * event for staff alone belongs in the staff's own calendar, not the school's).
 */
export const CONTENT_AUDIENCES = ['everyone', 'families', 'branch', 'programme'] as const;
export type ContentAudience = (typeof CONTENT_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<Audience, string> = {
  everyone: 'Everyone (the public website)',
  families: 'All families of the school',
  branch: 'Families of a branch',
  programme: 'Families of a programme',
  staff: 'Staff only',
};

/** An audience and its group, as the API answers it. */
export interface AudienceGroup<A extends Audience = Audience> {
  audience: A;
  audienceBranch: string | null;
  audienceProgramme: string | null;
}

/** The audience's branch or programme as sent: trimmed, '' and null as none. */
export const audienceText = (what: string) =>
  z
    .string({ error: `The audience's ${what} must be text.` })
    .trim()
    .max(200, `The audience's ${what} is too long.`)
    .nullish()
    .transform((v) => v || null);

/** The audience fields of a payload; left out, `audience` keeps what is stored (a new item: everyone). */
export const audienceFields = <const A extends readonly [Audience, ...Audience[]]>(audiences: A) => ({
  audience: z.enum(audiences, { error: `audience must be one of: ${audiences.join(', ')}.` }).optional(),
  audienceBranch: audienceText('branch'),
  audienceProgramme: audienceText('programme'),
});

/** The group an audience needs, said where it is missing (a programme's branch is checked on the server). */
export function checkAudienceGroup(
  a: { audience?: Audience | undefined; audienceBranch: string | null; audienceProgramme: string | null },
  ctx: z.RefinementCtx,
) {
  if (a.audience === 'branch' && !a.audienceBranch)
    ctx.addIssue({ code: 'custom', path: ['audienceBranch'], message: 'Choose the branch.' });
  if (a.audience === 'programme' && !a.audienceProgramme)
    ctx.addIssue({ code: 'custom', path: ['audienceProgramme'], message: 'Choose the programme.' });
}

/** Only the audience's own group is kept. */
export const keptAudienceGroup = (a: {
  audience?: Audience | undefined;
  audienceBranch: string | null;
  audienceProgramme: string | null;
}) => ({
  audienceBranch: a.audience === 'branch' || a.audience === 'programme' ? a.audienceBranch : null,
  audienceProgramme: a.audience === 'programme' ? a.audienceProgramme : null,
});

/** "Families", "Families · City", "City · Pre-school": a list row's badge; null for everyone. */
export function audienceBadge(a: AudienceGroup, programmeName: (key: string) => string = (key) => key): string | null {
  switch (a.audience) {
    case 'everyone':
      return null;
    case 'families':
      return 'Families';
    case 'staff':
      return 'Staff';
    case 'branch':
      return a.audienceBranch ? `Families · ${a.audienceBranch}` : 'Families';
    case 'programme': {
      const programme = a.audienceProgramme ? programmeName(a.audienceProgramme) : 'Families';
      return a.audienceBranch ? `${a.audienceBranch} · ${programme}` : programme;
    }
  }
}
