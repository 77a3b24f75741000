import { argon2id } from 'argon2';

/**
 * The argon2id parameters of every stored password hash (DESIGN "Auth and sessions"; OWASP:
 * m = 19456 KiB, t = 2, p = 1). Defined once, here in the runtime package: the API hashes and
 * verifies with them, the demo seed (@realty/seed) makes its accounts' hashes with them.
 */
export const ARGON2_OPTIONS = { type: argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
