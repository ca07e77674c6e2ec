/**
 * What the trusted-code tests against the Firestore emulator share: they skip without
 * FIRESTORE_EMULATOR_HOST (`npm test` starts an emulator and sets it), each file opens its own
 * Admin SDK app of the demo project before its tests and deletes it after, and ids carry the
 * time and a sequence so that files and runs never meet on the shared emulator.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore, type Timestamp } from 'firebase-admin/firestore';
import type { MailConfig } from '../../functions/src/mail';

/** The desk's mail settings in the trusted-code tests (test values, as `functions/.env.local`'s). */
export const TEST_MAIL_CONFIG: MailConfig = {
  appUrl: 'https://desk.example.com',
  deskName: 'Acme Support',
  messageIdHost: 'desk.example.com',
  replyDomain: 'reply.example.com',
  replyTokenSecret: 'test-reply-secret',
  mailgunSigningKey: 'test-mailgun-key',
  // No Auth emulator beside this step's Firestore: Auth's answer is stood in for by
  // UNVERIFIED_UIDS (the Firebase contract asks the Auth emulator itself).
  verifiedUids: async (uids) => new Set(uids.filter((uid) => !UNVERIFIED_UIDS.has(uid))),
};

/** The uids whose address the test mail configuration treats as not verified (tests add and remove). */
export const UNVERIFIED_UIDS = new Set<string>();

/** The emulator's `host:port`, or undefined when these tests skip. */
export const firestoreHost = process.env.FIRESTORE_EMULATOR_HOST;

/** `describe` with an emulator, else `describe.skip` (the file says why once). */
export const describeIfFirestore = firestoreHost ? describe : describe.skip;
if (!firestoreHost) {
  console.log('functions tests skipped: FIRESTORE_EMULATOR_HOST unset (npm test starts a Firestore emulator)');
}

let sequence = 0;

/** An id unique to this run: `<prefix>-<time in base 36>-<sequence>`. */
export function freshId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${Date.now().toString(36)}-${sequence}`;
}

/**
 * Opens an Admin SDK app of `demo-triage` before the file's tests and deletes it after (nothing
 * without an emulator). Call it at the top of a test file, before the file's own hooks.
 * @param name the app's name (made unique).
 * @param hooks `opened` receives the app's Firestore (assign it, seed what the file needs);
 *   `closing` runs before the app is deleted (put back what the file changed).
 */
export function openAdminFirestore(
  name: string,
  hooks: { opened: (db: Firestore) => void | Promise<void>; closing?: (db: Firestore) => Promise<void> },
): void {
  let app: App | undefined;
  beforeAll(async () => {
    if (!firestoreHost) return;
    app = initializeApp({ projectId: 'demo-triage' }, freshId(name));
    await hooks.opened(getFirestore(app));
  });
  afterAll(async () => {
    if (!app) return;
    try {
      await hooks.closing?.(getFirestore(app));
    } finally {
      await deleteApp(app);
    }
  });
}

/**
 * A new request as the app stores it (`tickets/{id}`): Carol's normal-priority "Printer on fire",
 * unassigned, submitted at `at`; `fields` add or replace any field.
 */
export function newTicketFields(requesterId: string, at: Timestamp, fields: Record<string, unknown> = {}) {
  return {
    number: 41,
    subject: 'Printer on fire',
    status: 'new',
    priority: 'normal',
    category: null,
    tags: [],
    requesterId,
    requesterName: 'Carol Customer',
    assigneeId: null,
    assigneeName: null,
    createdAt: at,
    updatedAt: at,
    updatedBy: requesterId,
    ...fields,
  };
}
