import type { Audience, AudienceGroup } from '../../../shared/schemas/audience.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors.ts';
import { currentProgrammes } from '../admissions/programmes.ts';
import { getSchoolProfile } from '../site/site.service.ts';

/**
 * A gallery's, a post's or an event's audience as sent, or, left out, the one stored (a new item:
 * everyone).
 */
export const audienceOf = <A extends Audience>(
  sent: { audience?: A | undefined; audienceBranch: string | null; audienceProgramme: string | null },
  current?: AudienceGroup<A>,
): AudienceGroup<A> =>
  sent.audience
    ? { audience: sent.audience, audienceBranch: sent.audienceBranch, audienceProgramme: sent.audienceProgramme }
    : (current ?? { audience: 'everyone' as A, audienceBranch: null, audienceProgramme: null });

/**
 * The audience's branch and programme against the school's (the school profile's branches, the
 * Programs section's programmes): a 400 naming the field otherwise. A programme at a school that
 * lists branches needs its branch; one that lists none has none.
 */
export async function checkAudience<A extends Audience>(db: Db, a: AudienceGroup<A>): Promise<AudienceGroup<A>> {
  if (a.audience !== 'branch' && a.audience !== 'programme')
    return { audience: a.audience, audienceBranch: null, audienceProgramme: null };
  const [programmes, school] = await Promise.all([currentProgrammes(db), getSchoolProfile(db)]);
  const branches = school.branches.map((b) => b.name);
  if (a.audience === 'programme' && !programmes.some((p) => p.key === a.audienceProgramme)) {
    throw badRequest('Choose one of the school’s programmes.', {
      fields: { audienceProgramme: `Choose one of: ${programmes.map((p) => p.name).join(', ')}.` },
    });
  }
  let branch = a.audienceBranch;
  if (!branch && branches.length === 1) branch = branches[0]!;
  if (branch ? !branches.includes(branch) : a.audience === 'branch' || branches.length > 0) {
    throw badRequest('Choose one of the school’s branches.', {
      fields: {
        audienceBranch: branches.length
          ? `Choose one of: ${branches.join(', ')}.`
          : 'The school profile lists no branches: choose another audience.',
      },
    });
  }
  return {
    audience: a.audience,
    audienceBranch: branch,
    audienceProgramme: a.audience === 'programme' ? a.audienceProgramme : null,
  };
}
