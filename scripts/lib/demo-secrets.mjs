// The local demo's secrets (`npm start`, docs/decisions/028): production mode needs JWT_SECRET and
// SESSION_SECRET, so the first start makes random ones and keeps them in DATA_DIR (readable by
// this user only), and later starts reuse them: sign-ins survive a restart. Never for a real
// deployment: there the secrets come from the environment.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const NAMES = ['JWT_SECRET', 'SESSION_SECRET'];

/**
 * {JWT_SECRET, SESSION_SECRET}: the environment's when set, else the ones kept in
 * `<dataDir>/demo-secrets.json` (made on first use: 48 random bytes each, base64url).
 */
export function demoSecrets(dataDir, env = process.env) {
  const file = path.join(dataDir, 'demo-secrets.json');
  let kept = {};
  try {
    kept = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first start (or an unreadable file): make new ones below
  }
  const secrets = {};
  let changed = false;
  for (const name of NAMES) {
    if (typeof kept[name] !== 'string' || kept[name].length < 32) {
      kept[name] = randomBytes(48).toString('base64url');
      changed = true;
    }
    secrets[name] = env[name] || kept[name];
  }
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}
