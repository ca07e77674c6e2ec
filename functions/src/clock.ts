/**
 * The scheduled job's clock (DESIGN §10 "Time rules"): the real time, except on the emulators,
 * where a test may move it forward to fire a time rule without waiting days — by an offset an
 * Admin SDK caller writes to `testing/clock` (`{ offsetMs }`; no client may read or write it, the
 * rules match nothing there). Outside the emulators the document is never read, and an offset
 * given anyway is refused: a deployed desk's clock is the real one.
 */
import type { Firestore } from 'firebase-admin/firestore';

/** The document that holds the emulators' clock offset. */
export const CLOCK_OVERRIDE_PATH = 'testing/clock';

/** The refusal of an offset outside the emulators. */
export const CLOCK_OVERRIDE_REFUSED = 'The clock override works on the emulators only; the real time is used.';

/** Whether this process runs in the Functions emulator (the emulator sets `FUNCTIONS_EMULATOR`). */
export function onEmulators(env: NodeJS.ProcessEnv): boolean {
  return env.FUNCTIONS_EMULATOR === 'true';
}

/**
 * The job's time: `realNow` moved by `offsetMs` on the emulators.
 * @param offsetMs the stored offset, as read (anything but a whole number of ms ≥ 0 moves nothing).
 * @throws Error {@link CLOCK_OVERRIDE_REFUSED} for an offset outside the emulators.
 */
export function clockWithOverride(env: NodeJS.ProcessEnv, offsetMs: unknown, realNow: number): number {
  const offset = typeof offsetMs === 'number' && Number.isSafeInteger(offsetMs) && offsetMs >= 0 ? offsetMs : 0;
  if (offset === 0) return realNow;
  if (!onEmulators(env)) throw new Error(CLOCK_OVERRIDE_REFUSED);
  return realNow + offset;
}

/**
 * The time the scheduled job runs at: the real time, moved on the emulators by the stored offset.
 * @returns ms since the epoch.
 */
export async function automationNow(db: Firestore, env: NodeJS.ProcessEnv, realNow: number): Promise<number> {
  // Outside the emulators the override is never read: a deployed desk pays no read and cannot be moved.
  if (!onEmulators(env)) return realNow;
  const stored = (await db.doc(CLOCK_OVERRIDE_PATH).get()).get('offsetMs') as unknown;
  return clockWithOverride(env, stored, realNow);
}
