import { z } from 'zod';
import { EmailSchema } from './user.ts';

/** POST /api/family/sign-in-link: the address a parent signs in with. */
export const FamilySignInLinkRequestSchema = z.object({
  email: z.string('email must be text.').trim().min(1, 'Enter the e-mail address the school has for you.').pipe(EmailSchema),
});
export type FamilySignInLinkRequest = z.infer<typeof FamilySignInLinkRequestSchema>;

/** The link's token, as the sign-in page sends it back. */
export const FamilySignInTokenSchema = z.object({
  token: z.string('token must be text.').min(20, 'This link is not complete.').max(200, 'This link is not valid.'),
});

/** GET /api/family/me: the signed-in parent. */
export interface FamilyMe {
  contact: { id: number; name: string };
  family: { id: number; name: string };
  children: Array<{ firstName: string; programme: string; programmeName: string }>;
}
