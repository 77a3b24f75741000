import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Waits for a condition, not for a time: calls `probe` until it returns a value other than
 * undefined, null or false, and returns that value. Between probes it yields to the event loop
 * (and, after the first few quick tries, waits `intervalMs`, 20 ms by default, so a probe that
 * reads the database or Redis does not spin). Throws `timed out waiting for <what>` once
 * `timeoutMs` (10 s by default) has passed without the condition: the limit only ends a test
 * that has already failed, it never decides a passing one.
 */
export async function eventually<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const value = await probe();
    if (value !== undefined && value !== null && value !== false) return value as T;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what} (${timeoutMs} ms)`);
    if (attempt < 5) await nextTurn();
    else await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
