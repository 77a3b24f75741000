/**
 * `promise`, or a rejection `${what} timed out after ${ms} ms` when it has not settled within
 * `ms` milliseconds (the promise itself runs on: a job may still land later). For calls to
 * Redis through BullMQ, which wait through its reconnect loop instead of failing while Redis is
 * down; the timer is cleared either way so it never holds the process open.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} timed out after ${ms} ms`)), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
