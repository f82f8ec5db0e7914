import { z } from 'zod';
import { EmailSchema, MAX_PASSWORD_LENGTH, newPasswordFormSchema, PasswordSchema, typedPassword } from './user.ts';

export const LoginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required').max(200, 'Username is too long'),
  password: z.string().min(1, 'Password is required').max(MAX_PASSWORD_LENGTH, 'Password is too long'),
});
export type Login = z.infer<typeof LoginSchema>;

/** §3 Change-password form; §5's messages. */
export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, 'Please fill in all password fields').max(MAX_PASSWORD_LENGTH, 'Password is too long'),
  newPassword: PasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

/** The dialog's form: the current password too, and the new one typed twice (checked in the browser only). */
export const changePasswordFormSchema = (minLength: number) =>
  newPasswordFormSchema(minLength).safeExtend({ currentPassword: typedPassword });

/** "Forgot password?" (issue 31): the address a member of staff signs in with. */
export const PasswordResetRequestSchema = z.object({
  email: z.string().trim().min(1, 'Enter the e-mail address you sign in with.').pipe(EmailSchema),
});
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

/** The link's token, as the reset page sends it back. */
export const PasswordResetTokenSchema = z.object({
  token: z.string().min(20, 'This link is not complete: open it again from the e-mail.').max(200, 'This link is not valid.'),
});

/** A new password chosen from the link: the token and the password (checked against the school's policy). */
export const PasswordResetSchema = PasswordResetTokenSchema.extend({ newPassword: PasswordSchema });
export type PasswordReset = z.infer<typeof PasswordResetSchema>;
