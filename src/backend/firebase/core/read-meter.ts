/**
 * A client-side count of the Firestore document reads the app is billed for, for
 * `npm run reads:firebase` (`scripts/bench/firestore-reads.ts`): the emulator counts none. It counts
 * only when the page defined `globalThis.__triageReadMeter` before the app loaded (the script
 * does, with Playwright's `addInitScript`); otherwise every call is a no-op. What is counted,
 * as Firestore bills it: each document a `get` or query returns (at least one per query), each
 * document a listener delivers first and each one added, changed or removed later, and one per
 * 1 000 index entries of an aggregation (at least one).
 */

/** The debug global the read-count script sets: a running total and what made it up. */
export interface ReadMeter {
  reads: number;
  /** One entry per counted operation: its kind and reads. */
  log: { what: string; reads: number }[];
}

declare global {
  // Declared for the script that sets it; absent in every normal page.
  var __triageReadMeter: ReadMeter | undefined;
}

/**
 * Adds `reads` to the meter when one is set.
 * @param reads billed reads of one operation (callers apply Firestore's minimum of one).
 * @param what a short label for the log (`get`, `query`, `listen`, `count`).
 */
export function meterReads(reads: number, what = 'query'): void {
  const meter = globalThis.__triageReadMeter;
  if (!meter || reads <= 0) return;
  meter.reads += reads;
  meter.log.push({ what, reads });
}

/** Whether a meter is set (so callers skip work done only for it). */
export function metering(): boolean {
  return globalThis.__triageReadMeter !== undefined;
}
