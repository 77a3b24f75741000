import { InitialSchema1763870400000 } from './1763870400000-initial-schema';
import { AccountsAndFavorites1763900000000 } from './1763900000000-accounts-and-favorites';

/** Every migration in order; the data source lists them explicitly (no globbing). */
export const MIGRATIONS = [InitialSchema1763870400000, AccountsAndFavorites1763900000000];
