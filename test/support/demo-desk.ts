/**
 * The demo desk the seeding tests build (`test/unit/scripts/seed-firebase.test.ts` and the local
 * seed's own test): the local backend's `buildDemoDesk` at a fixed instant, with one made-up
 * Auth uid per demo account.
 */
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import { buildDemoDesk } from '@/backend/local/seed/demo-desk';

/** The instant the desk is built at (epoch milliseconds). */
export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
/** The Auth uids handed to the seed, in `DEMO_ACCOUNTS` order. */
export const UIDS = DEMO_ACCOUNTS.map((_, i) => `auth-uid-${i}`);
/** The desk built from them. */
export const desk = buildDemoDesk(NOW, UIDS);
