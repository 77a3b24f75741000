import { InitialSchema1763870400000 } from './1763870400000-initial-schema';

/** Every migration in order; the data source lists them explicitly (no globbing). */
export const MIGRATIONS = [InitialSchema1763870400000];
