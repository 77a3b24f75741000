/**
 * The syntax of the proxy-trust settings (the API's TRUST_PROXY, the web's WEB_TRUST_PROXY):
 * which peers may name the client's address with X-Forwarded-For, i.e. whose word every per-IP
 * limit relies on. Empty or unset: `fallback`; 'true' trusts anyone (only behind a proxy that
 * overwrites the header); 'false' nobody (the socket address is the client's); otherwise a
 * comma list of IPs, CIDRs or presets ('loopback', 'linklocal', 'uniquelocal'), as proxy-addr
 * takes it (Fastify's trustProxy and Express's 'trust proxy' both use proxy-addr; an entry it
 * cannot read makes the server fail to start, naming it).
 */
export function parseTrustProxy(raw: string | undefined, fallback: boolean | string[]): boolean | string[] {
  const value = (raw ?? '').trim();
  if (value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}
