import { Injectable } from '@nestjs/common';

/**
 * The API's clock for rules that compare times kept in the database with "now" (the absolute
 * session lifetime; issue 19 item 7). One instance per app: tests move time by replacing
 * `now` on `app.get(Clock)` instead of sleeping or rewriting rows (the classes outside Nest's
 * container take a `now: () => number` the same way, e.g. CatalogVersion).
 */
@Injectable()
export class Clock {
  /** Milliseconds since the epoch. */
  now(): number {
    return Date.now();
  }

  /** `now()` as a Date (for SQL parameters). */
  date(): Date {
    return new Date(this.now());
  }
}
