/** Thrown by ConcurrencyGate.run when every slot is busy and the queue is full. */
export class GateFullError extends Error {
  constructor(readonly gate: string) {
    super(`${gate}: every slot is busy and the queue is full`);
  }
}

/**
 * A counting semaphore with a bounded queue, for work that costs much memory or CPU per call
 * (argon2: 19 MiB each; issue 19 item 2). At most `maxActive` calls run at once; up to
 * `maxQueued` more wait their turn (first come, first served); the rest are refused at once
 * with GateFullError, so a flood is answered 429 instead of piling up in memory.
 *
 * Not a library: p-limit (the usual choice) queues without bound and its maintained majors are
 * ES modules only, while the API is CommonJS; this is the few lines that part needs.
 * `active`, `queued` and `peakActive` are the gate's real counters (tests and logs read them).
 */
export class ConcurrencyGate {
  private running = 0;
  private peak = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    /** Name for errors and logs. */
    readonly name: string,
    /** Calls that may run at once (>= 1). */
    readonly maxActive: number,
    /** Calls that may wait for a slot (>= 0). */
    readonly maxQueued: number,
  ) {
    if (!Number.isInteger(maxActive) || maxActive < 1) throw new Error(`${name}: maxActive must be a positive integer`);
    if (!Number.isInteger(maxQueued) || maxQueued < 0) throw new Error(`${name}: maxQueued must be a non-negative integer`);
  }

  /** Calls running now. */
  get active(): number {
    return this.running;
  }

  /** Calls waiting for a slot now. */
  get queued(): number {
    return this.waiting.length;
  }

  /** The most calls that ever ran at once (since the start or the last `resetPeak()`). */
  get peakActive(): number {
    return this.peak;
  }

  /** Starts a new peak measurement at the current number of running calls. */
  resetPeak(): void {
    this.peak = this.running;
  }

  /**
   * Runs `work` when a slot is free and answers its result (or its error). Throws GateFullError
   * without calling `work` when every slot is busy and `maxQueued` calls already wait.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.maxActive) {
      if (this.waiting.length >= this.maxQueued) throw new GateFullError(this.name);
      // The slot is handed over by release(): `running` is not decremented in between.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    this.peak = Math.max(this.peak, this.running);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
