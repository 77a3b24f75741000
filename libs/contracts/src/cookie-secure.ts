/**
 * Whether cookies get the Secure flag (README "COOKIE_SECURE"): COOKIE_SECURE=true|false when
 * set, else only in production. One rule for the API's CSRF cookie and the web's session, CSRF
 * and toast cookies, so a deployment never has one half Secure and the other not.
 */
export function cookieSecure(env: Record<string, string | undefined> = process.env): boolean {
  if (env.COOKIE_SECURE !== undefined && env.COOKIE_SECURE !== '') return env.COOKIE_SECURE !== 'false';
  return env.NODE_ENV === 'production';
}
