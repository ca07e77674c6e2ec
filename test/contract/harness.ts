/**
 * What the backend contract suite needs from an adapter under test. One harness per adapter:
 * `local-backend.test.ts` (fake-indexeddb) and `firebase-backend.test.ts` (Emulator Suite).
 */
import type { Backend } from '@/backend/port/backend';
import type { Role } from '@/domain/roles';

/** A part of the contract that can run, or the one-line reason it is skipped. */
export type PartAvailability = { run: true } | { run: false; reason: string };

/** A person made for a test, signed in on their own client (one browser tab). */
export interface TestPerson {
  backend: Backend;
  uid: string;
  email: string;
  password: string;
  displayName: string;
  role: Role;
}

export interface ContractHarness {
  /** Adapter name for test titles: `local` or `firebase`. */
  name: string;
  /** Sign-up, sign-in, sign-out, reset: needs Firebase Auth (or the local adapter). */
  auth: PartAvailability;
  /** Profiles, tickets, messages, settings: needs Firestore (or the local adapter). */
  data: PartAvailability;
  /** Attachments: needs Cloud Storage (or the local adapter). */
  files: PartAvailability;
  /** A new client (a fresh tab) on the same data, signed out. */
  newClient(): Promise<Backend>;
  /**
   * Signs up a new person on a new client, verifies their address unless `verified` is false (as
   * their click on the link would: the desk emails verified addresses only, DESIGN §9) and, for
   * staff roles, grants the role the way the documented first-admin command does (outside the
   * app's rules). Needs `auth` and `data`.
   */
  newPerson(role: Role, options?: { verified?: boolean }): Promise<TestPerson>;
  /**
   * Gives `uid` a full day's upload window begun now, listing `paths` (DESIGN §4 "Uploads are
   * bounded"), outside the app's rules — as a hundred uploads would, without their time.
   */
  fillUploadWindow(uid: string, paths: readonly string[]): Promise<void>;
  /** Stops every client and removes the test data. */
  cleanup(): Promise<void>;
}

/** A unique email for a test person. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}
