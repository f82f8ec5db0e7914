import type { Action, Module } from '../../../../shared/permissions.ts';
import { useUser } from '../api/get-user.ts';

/** A test of the signed-in user's effective permissions (false for anything when signed out). */
export type Can = (module: Module, action: Action) => boolean;

/**
 * The signed-in user's effective permissions, from GET /api/auth/user (DESIGN §6). The server
 * decides in the end: this only hides or disables what it would refuse.
 */
export function usePermissions(): Can {
  const { data: user } = useUser();
  return (module, action) => Boolean(user?.permissions?.[module]?.[action]);
}

/** Whether the signed-in user may do `action` on `module`. */
export function useCan(module: Module, action: Action): boolean {
  return usePermissions()(module, action);
}
