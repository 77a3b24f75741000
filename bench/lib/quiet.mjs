// Waits for the machine to go quiet between measurements. A scenario that overloads a server
// (saturation, or a fixed rate above what it can render) can leave work behind it when the load
// tool stops (requests the server had accepted, an autovacuum after the counted views), and on
// two cores that would spill into the next measurement, most of all into the throttled browser
// loads (a 4x CPU slowdown of whatever CPU is left). The guard costs about a second per
// measurement and records any longer wait (bench/README.md "Why the harness is built this way").
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Busy and total jiffies of all CPUs from /proc/stat, or null where there is none. */
function cpuTimes() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0];
    const [, user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    const busy = user + nice + system + irq + softirq + steal;
    return { busy, total: busy + idle + iowait };
  } catch {
    return null;
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Resolves once the whole machine's CPU use over `windowMs` has stayed below `maxBusy` (a
 * fraction of all cores) for two windows running, or after `timeoutMs`. Returns
 * `{ waited_ms, busy }` (busy: the last window's fraction), or null where /proc/stat is absent.
 */
export async function waitForQuiet({ maxBusy = 0.15, windowMs = 500, timeoutMs = 20_000 } = {}) {
  let prev = cpuTimes();
  if (!prev) return null;
  const started = Date.now();
  let calm = 0;
  let busy = 1;
  while (Date.now() - started < timeoutMs) {
    await sleep(windowMs);
    const now = cpuTimes();
    busy = (now.busy - prev.busy) / Math.max(1, now.total - prev.total);
    prev = now;
    calm = busy < maxBusy ? calm + 1 : 0;
    if (calm >= 2) break;
  }
  return { waited_ms: Date.now() - started, busy: Math.round(busy * 100) / 100, cores: os.cpus().length };
}
