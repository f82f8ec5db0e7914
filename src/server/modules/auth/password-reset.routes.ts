import type { FastifyInstance } from 'fastify';
import { PasswordResetRequestSchema, PasswordResetSchema, PasswordResetTokenSchema } from '../../../shared/schemas/auth.ts';
import { AppError } from '../../errors.ts';
import { getSchoolProfile } from '../site/site.service.ts';
import { requestPasswordReset, RESET_LINK_INVALID, RESET_MINUTES, resetLinkWorks, resetPassword } from './password-reset.ts';

/** The answer to every request, whether or not the address is a member of staff's. */
export const RESET_REQUESTED = `If a member of staff signs in with this address, a link to choose a new password is on its way. It works for ${RESET_MINUTES} minutes.`;
export const RESET_UNAVAILABLE =
  'This site cannot send e-mail yet: ask an administrator of the school to set a new password for you.';

/** "Forgot password?" for staff (issue 31): a one-time link by e-mail, when the server can send e-mail. */
export default async function passwordResetRoutes(app: FastifyInstance) {
  app.get('/api/auth/password-reset', async () => ({
    data: { available: app.mailOutbox.configured, message: app.mailOutbox.configured ? null : RESET_UNAVAILABLE },
  }));

  app.post('/api/auth/password-reset', async (request, reply) => {
    const { email } = PasswordResetRequestSchema.parse(request.body);
    if (!app.mailOutbox.configured) throw new AppError(409, 'MAIL_NOT_CONFIGURED', RESET_UNAVAILABLE);
    const found = await requestPasswordReset(app.db, email, request.ip);
    if (found) {
      const school = await getSchoolProfile(app.db);
      const link = `${app.siteOrigin(request)}/cms/reset-password#${found.token}`;
      const hello = found.user.firstName ? `Hello ${found.user.firstName},` : 'Hello,';
      // Not awaited: the answer takes as long whether or not a message goes.
      app.mailOutbox
        .sendNow({
          from: { name: `${school.name} website`, address: school.email },
          to: found.user.email,
          subject: `A new password for the ${school.name} website`,
          text: [
            hello,
            '',
            `A new password was asked for your account on the ${school.name} website's back office.`,
            `Choose one here within ${RESET_MINUTES} minutes (the link works once):`,
            '',
            link,
            '',
            'If you did not ask for it, ignore this e-mail: your password stays as it is.',
          ].join('\n'),
        })
        .catch((err: unknown) => request.log.warn({ err }, 'password reset e-mail failed'));
    }
    reply.code(202);
    return { message: RESET_REQUESTED };
  });

  /** Whether a link still works, before a password is typed (an old link is an answer, not an error). */
  app.post('/api/auth/password-reset/check', async (request) => {
    const { token } = PasswordResetTokenSchema.parse(request.body);
    const valid = await resetLinkWorks(app.db, token);
    return { data: { valid, message: valid ? null : RESET_LINK_INVALID } };
  });

  app.post('/api/auth/password-reset/confirm', async (request) => {
    const { token, newPassword } = PasswordResetSchema.parse(request.body);
    await resetPassword(app.db, token, newPassword, request.ip);
    return { message: 'Your password is changed. Sign in with it.' };
  });
}
