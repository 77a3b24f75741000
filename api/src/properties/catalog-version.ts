import { Logger } from '@nestjs/common';

/**
 * The catalogue's version as this process last read it (the catalogue_version row, moved by
 * triggers in the writing transaction: migration CatalogueVersion). Issue 6 and
 * docs/decisions/017-catalogue-read-path.md: the kept catalogue answers hold while the version
 * they were computed under is current, so an unchanged page is not recomputed every few
 * seconds, and a change made by any process (or by hand) shows everywhere within one poll.
 *
 * `current()` never waits: it answers the last number read and, when that read is older than
 * `pollMs`, starts the next one (one at a time; an idle process reads nothing). A failed read
 * keeps the last number (the answers then live out their TTL) and is logged at most once a
 * minute. `pollMs` 0 turns versions off: `enabled` is false and answers rely on their TTL.
 */
export class CatalogVersion {
  private readonly logger = new Logger('CatalogVersion');
  private known = 0;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private lastErrorLog = 0;

  constructor(
    /** Reads the version from the database. */
    private readonly read: () => Promise<number>,
    /** How often at most it is read, ms (CATALOG_VERSION_POLL_MS); 0: never. */
    private readonly pollMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether versions are used at all (pollMs > 0). */
  get enabled(): boolean {
    return this.pollMs > 0;
  }

  /** The last version read (0 before the first read ends); starts a read when due. */
  current(): number {
    if (this.enabled && !this.reading && this.now() - this.readAt >= this.pollMs) this.startRead();
    return this.known;
  }

  /** The version to compute an answer under: the one a read under way brings, else the current one. */
  async settled(): Promise<number> {
    const value = this.current();
    if (!this.reading) return value;
    await this.reading;
    return this.known;
  }

  private startRead(): void {
    this.readAt = this.now();
    this.reading = this.read()
      .then(
        (version) => {
          this.known = version;
        },
        (error: unknown) => {
          const now = this.now();
          if (now - this.lastErrorLog < 60_000) return;
          this.lastErrorLog = now;
          this.logger.warn(`could not read the catalogue version, keeping answers for their TTL: ${(error as Error).message}`);
        },
      )
      .finally(() => {
        this.reading = null;
      });
  }
}
