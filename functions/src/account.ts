/**
 * Deleting an account on Firebase (DESIGN §9), the trusted side of "Delete my account": clients
 * cannot delete a profile (the rules refuse it, so that nobody re-creates one with another role)
 * nor rename other people's tickets. This code removes the profile and the sign-in account and
 * leaves the person's tickets and messages to the desk under {@link DELETED_USER_NAME}; the
 * `ticketWritten` trigger then recomputes the tickets' search keys without their name or email.
 */
import type { Firestore, Query } from 'firebase-admin/firestore';
import { DELETED_USER_NAME } from '@/domain/account';

/** Firestore allows 500 writes per batch. */
const BATCH = 400;

/** What the deletion needs besides Firestore: the Auth and Storage calls (the tests pass fakes). */
export interface AccountDeletionServices {
  /** Deletes the sign-in account (`getAuth().deleteUser`). */
  deleteAuthUser(uid: string): Promise<void>;
  /** Deletes the files under a Storage prefix (`bucket.deleteFiles({ prefix })`). */
  deleteFiles(prefix: string): Promise<void>;
}

/** What was changed, for the log and the tests. */
export interface AccountDeletion {
  ticketsRenamed: number;
  messagesRenamed: number;
  mailDeleted: number;
}

async function inBatches(
  db: Firestore,
  source: Query,
  write: (batch: FirebaseFirestore.WriteBatch, ref: FirebaseFirestore.DocumentReference) => void,
): Promise<number> {
  const rows = (await source.get()).docs;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = db.batch();
    for (const row of rows.slice(start, start + BATCH)) write(batch, row.ref);
    await batch.commit();
  }
  return rows.length;
}

/**
 * Deletes `uid`'s account: the profile first (so the search keys recomputed next no longer find
 * their email), their name on the tickets they requested or hold and on their messages, the
 * emails written to them, their upload quota, their avatar files, and finally the sign-in account.
 * Safe to run again.
 */
export async function deleteAccountData(
  db: Firestore,
  services: AccountDeletionServices,
  uid: string,
): Promise<AccountDeletion> {
  await db.collection('users').doc(uid).delete();
  const tickets = db.collection('tickets');
  const ticketsRenamed =
    (await inBatches(db, tickets.where('requesterId', '==', uid), (batch, ref) =>
      batch.update(ref, { requesterName: DELETED_USER_NAME }),
    )) +
    (await inBatches(db, tickets.where('assigneeId', '==', uid), (batch, ref) =>
      batch.update(ref, { assigneeName: DELETED_USER_NAME }),
    ));
  // A collection-group query over every ticket's messages (its index: firestore.indexes.json).
  const messagesRenamed = await inBatches(
    db,
    db.collectionGroup('messages').where('authorId', '==', uid),
    (batch, ref) => batch.update(ref, { authorName: DELETED_USER_NAME }),
  );
  const mailDeleted = await inBatches(db, db.collection('mail').where('recipientUid', '==', uid), (batch, ref) =>
    batch.delete(ref),
  );
  // The paths they listed for upload name tickets, messages and file names of theirs.
  await db.collection('uploadQuotas').doc(uid).delete();
  await services.deleteFiles(`avatars/${uid}/`);
  await services.deleteAuthUser(uid);
  return { ticketsRenamed, messagesRenamed, mailDeleted };
}
