import type { RoleName } from '@realty/contracts';

/** Who reads landings, their analytics and templates: every staff role (docs/decisions/040-landing-pages.md). */
export const LANDING_READERS = ['employee', 'manager', 'admin', 'super_admin'] as const satisfies readonly RoleName[];
/** Who generates, changes, deletes and shares landings (marketing work): manager, admin, super_admin. */
export const LANDING_EDITORS = ['manager', 'admin', 'super_admin'] as const satisfies readonly RoleName[];
