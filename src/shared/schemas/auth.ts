import { z } from 'zod';
import { MAX_PASSWORD_LENGTH, newPasswordFormSchema, PasswordSchema, typedPassword } from './user.ts';

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
