/**
 * Waits for a condition, not for a time: calls `probe` at once and then on every tick of an
 * interval timer (`intervalMs`, 20 ms by default, so a probe that reads the database or Redis
 * does not spin), never two probes at a time, and resolves with the first value other than
 * undefined, null or false. Rejects with `timed out waiting for <what>` once `timeoutMs` (10 s by
 * default) has passed without the condition, or with what the probe threw: the limit only ends a
 * test that has already failed, it never decides a passing one.
 */
export function eventually<T>(
  what: string,
  probe: () => T | undefined | null | false | Promise<T | undefined | null | false>,
  { timeoutMs = 10_000, intervalMs = 20 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  return new Promise<T>((resolve, reject) => {
    let probing = false;
    let done = false;
    const finish = (settle: () => void) => {
      done = true;
      clearInterval(ticker);
      settle();
    };
    const attempt = async () => {
      if (probing || done) return;
      probing = true;
      try {
        const value = await probe();
        if (value !== undefined && value !== null && value !== false) finish(() => resolve(value as T));
        else if (Date.now() > deadline) finish(() => reject(new Error(`timed out waiting for ${what} (${timeoutMs} ms)`)));
      } catch (error) {
        finish(() => reject(error));
      } finally {
        probing = false;
      }
    };
    const ticker = setInterval(() => void attempt(), intervalMs);
    void attempt();
  });
}
