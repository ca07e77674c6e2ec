/**
 * What every module of the Firebase adapter works with: the database and the Auth session
 * whose user is acting (Firestore modules), the services a port factory reaches lazily, and
 * the two ways a port call runs (a call, a live subscription). Type-only Firebase imports, so
 * this file adds no Firestore or Storage code to the first chunk.
 */
import type { Auth } from 'firebase/auth';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import type { Functions } from 'firebase/functions';
import { toErrorShape } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import { toAppError } from '@/backend/firebase/core/firebase-errors';

/** The database and the signed-in person's session. */
export interface FirestoreContext {
  db: Firestore;
  auth: Auth;
}

/** Cloud Storage and the signed-in person's session. */
export interface StorageContext {
  storage: FirebaseStorage;
  auth: Auth;
}

/**
 * What each port factory of the adapter gets (`createFirebaseTickets(ctx)` and the others):
 * the services, started on first use (Firestore and Storage load in their own chunks).
 */
export interface FirebaseContext {
  firestore(): Promise<FirestoreContext>;
  storage(): Promise<StorageContext>;
  /** Cloud Functions, for the callables trusted code answers (loaded on first use). */
  functions(): Promise<Functions>;
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

/** Runs a port call, turning any failure into an `AppError` (`toAppError`). */
export async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * Starts a live subscription whose code and data are loaded asynchronously, and returns its
 * unsubscribe at once. Values stop after unsubscribing; the error listener fires at most once
 * and nothing follows it (as the port promises).
 * @param start receives guarded listeners and resolves with the real unsubscribe.
 */
export function watchLazily<T>(
  onNext: Listener<T>,
  onError: ErrorListener,
  start: (next: Listener<T>, fail: ErrorListener) => Promise<Unsubscribe>,
): Unsubscribe {
  let active = true;
  let stop: Unsubscribe | null = null;
  const unsubscribe = () => {
    active = false;
    stop?.();
    stop = null;
  };
  const fail: ErrorListener = (error) => {
    if (!active) return;
    unsubscribe();
    onError(error);
  };
  start((value) => {
    if (active) onNext(value);
  }, fail).then(
    (stopListening) => {
      if (active) stop = stopListening;
      else stopListening();
    },
    (error: unknown) => fail(toErrorShape(toAppError(error))),
  );
  return unsubscribe;
}
