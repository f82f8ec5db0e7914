import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiPost } from '../../../lib/api-client.ts';

/** §7 admin password change: POST /api/admin/user/{id}/change-password with {newPassword}. */
export const changeUserPassword = ({ id, newPassword }: { id: number; newPassword: string }) =>
  apiPost<{ message: string }>(`/api/admin/user/${id}/change-password`, { newPassword });

export function useChangeUserPassword() {
  return useMutation({
    mutationFn: changeUserPassword,
    onSuccess: () => toast.success('User password updated successfully'),
    onError: (error) => toast.error(error.message || 'Failed to change user password'),
  });
}
