import { supervisesCrm, type CrmScope, type RoleName } from '@realty/contracts';
import { ApiException } from '../../common/api.exception';
import type { AuthUser } from '../../common/decorators';

/** Roles that may open the CRM (spec 02 §2 "CRM"; issue 22). */
export const CRM_ROLES = ['employee', 'manager', 'admin', 'super_admin'] as const satisfies readonly RoleName[];

/** True when `actor` may see and change every agent's CRM records (manager, admin, super_admin). */
export function supervises(actor: Pick<AuthUser, 'role'>): boolean {
  return supervisesCrm(actor.role);
}

/** The scope a list shows: 'my' by default (issue 22 "Rules"); an employee may read 'all' too. */
export function listScope(requested: CrmScope | undefined): CrmScope {
  return requested ?? 'my';
}

/**
 * Throws 403 FORBIDDEN unless `actor` may change a record owned by `ownerId`: an employee
 * only their own (an unowned record is nobody's, so a supervisor's), supervisors any.
 */
export function assertCanChange(actor: Pick<AuthUser, 'id' | 'role'>, ownerId: string | null): void {
  if (supervises(actor) || (ownerId !== null && ownerId === actor.id)) return;
  throw ApiException.forbidden();
}
