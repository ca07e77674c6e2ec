/**
 * What every Firestore module of the adapter works with: the database and the Auth session
 * whose user is acting. Type-only imports, so this file adds no Firebase code to any chunk.
 */
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import { refusals } from '@/domain/refusals';

/** The database and the signed-in person's session. */
export interface FirestoreContext {
  db: Firestore;
  auth: Auth;
}

/**
 * The signed-in person's uid.
 * @throws AppError `unauthenticated` when nobody is signed in.
 */
export function currentUid(auth: Auth): string {
  const uid = auth.currentUser?.uid;
  if (!uid) throw refusals.signedOut();
  return uid;
}
