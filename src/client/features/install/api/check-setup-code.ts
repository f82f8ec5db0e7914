import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

export const checkSetupCode = (setupCode: string) => apiPost<{ ok: true }>('/api/install/check-code', { setupCode });

export const useCheckSetupCode = () => useMutation({ mutationFn: checkSetupCode });
