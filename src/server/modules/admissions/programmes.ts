import type { ProgramsContent } from '../../../shared/schemas/site-content.ts';
import type { Db } from '../../db/client.ts';

/**
 * Issue 30: a programme that enquiries or a branch's seats name cannot vanish. Called before the
 * Programs section is saved (draft) or published: a programme `previous` had that `next` dropped is
 * put back, hidden from the admission form, and `notices` tell staff why.
 * TODO(issue 30): implemented with the admissions.
 */
export async function keepProgrammesInUse(
  _db: Db,
  _previous: ProgramsContent,
  next: ProgramsContent,
): Promise<{ content: ProgramsContent; notices: string[] }> {
  return { content: next, notices: [] };
}
