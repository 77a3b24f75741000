/** The part of geoip-country (country database bundled in the package, no download at run time) we use. */
declare module 'geoip-country' {
  export interface Lookup {
    /** ISO-3166-1 alpha-2, e.g. 'KZ'. */
    country: string;
  }
  export function lookup(ip: string): Lookup | null;
  const geoip: { lookup: typeof lookup };
  export default geoip;
}
