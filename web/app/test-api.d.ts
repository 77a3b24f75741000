/**
 * The real API for the web's server tests (api/test/listening-api.ts, mapped by jest.config.js).
 * Declared here so the web's type check does not compile the API's sources; keep in step with
 * ListeningApi there.
 */
declare module '@realty/test-api' {
  export interface ListeningApi {
    /** Base URL including '/api'. */
    url: string;
    /** The fixture's public listings, in fixture order. */
    listings: Array<{ id: string; slug: string }>;
    /** The password of every user made by addUser. */
    password: string;
    /** Inserts an active user with `password`; returns its id. */
    addUser(u: { email: string; role?: 'user' | 'admin' | 'super_admin' | 'employee' | 'manager'; firstName?: string }): Promise<string>;
    /** Rows of `sql` (with $1.. `params`) run on the API's database: what the API stored. */
    query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
    /** Requests the API has counted against `ip`'s analytics limit (spec 01 §8) in the current window; 0 when none. */
    analyticsCountFor(ip: string): Promise<number>;
    close(): Promise<void>;
  }
  /** Starts the API in-process (own database and Redis prefix) with the catalogue fixture, on an ephemeral port. */
  export function startListeningApi(): Promise<ListeningApi>;
}
