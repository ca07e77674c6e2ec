/**
 * The scheduled job's clock (`functions/src/clock.ts`, DESIGN §10 "Time rules"): moved only on
 * the emulators, by the offset in `testing/clock`; an offset outside them is refused and the
 * document is not read there. Skips the stored part without FIRESTORE_EMULATOR_HOST.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  automationNow,
  clockWithOverride,
  CLOCK_OVERRIDE_PATH,
  CLOCK_OVERRIDE_REFUSED,
} from '../../functions/src/clock';
import { describeIfFirestore, openAdminFirestore } from './emulator-app';

const REAL = Date.parse('2026-12-06T10:00:00.000Z');
const DAY = 86_400_000;
const EMULATOR = { FUNCTIONS_EMULATOR: 'true' };

describe('clockWithOverride', () => {
  it('moves the clock on the emulators by a whole number of ms', () => {
    expect(clockWithOverride(EMULATOR, 3 * DAY, REAL)).toBe(REAL + 3 * DAY);
  });
  it('refuses an offset outside the emulators, whatever else is set', () => {
    expect(() => clockWithOverride({}, 3 * DAY, REAL)).toThrow(CLOCK_OVERRIDE_REFUSED);
    expect(() => clockWithOverride({ FUNCTIONS_EMULATOR: 'false', FIRESTORE_EMULATOR_HOST: 'x:1' }, 1, REAL)).toThrow(
      CLOCK_OVERRIDE_REFUSED,
    );
  });
  it.each([
    ['none', undefined],
    ['zero', 0],
    ['a negative offset', -DAY],
    ['a fraction', 1.5],
    ['text', '86400000'],
  ])('moves nothing for %s', (_name, offset) => {
    expect(clockWithOverride(EMULATOR, offset, REAL)).toBe(REAL);
    expect(clockWithOverride({}, offset, REAL)).toBe(REAL);
  });
});

let db: Firestore;
openAdminFirestore('clock-test', { opened: (firestore) => void (db = firestore) });

describeIfFirestore('automationNow', () => {
  afterEach(async () => {
    await db.doc(CLOCK_OVERRIDE_PATH).delete();
  });
  it('reads the stored offset on the emulators, and ignores it everywhere else', async () => {
    await expect(automationNow(db, EMULATOR, REAL)).resolves.toBe(REAL);
    await db.doc(CLOCK_OVERRIDE_PATH).set({ offsetMs: 2 * DAY });
    await expect(automationNow(db, EMULATOR, REAL)).resolves.toBe(REAL + 2 * DAY);
    // A deployed desk: the offset is there, and the real time is the job's.
    await expect(automationNow(db, {}, REAL)).resolves.toBe(REAL);
  });
});
