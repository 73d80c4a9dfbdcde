import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * Lowers the CPU priority of the calling thread to `nice` (Linux: the nice value is per
 * thread, and `/proc/thread-self` names this thread's id). A sandbox worker calls it once at
 * start, so that scripts saturating every core still leave the host's own thread — its event
 * loop, `/healthz` — scheduled first. Elsewhere, or when it fails, nothing changes.
 *
 * @example
 * ```ts
 * lowerThreadPriority(10);
 * ```
 */
export function lowerThreadPriority(nice: number): void {
  if (!(nice > 0)) return;
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, Math.min(19, Math.floor(nice)));
  } catch {
    // Not Linux, or /proc is not mounted: the thread keeps the host's priority.
  }
}
