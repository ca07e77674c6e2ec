/**
 * Live subscriptions that do not present a cache-only first answer as the truth.
 *
 * A new `onSnapshot` listener first reports what the local cache holds (`fromCache: true`):
 * a list with only the documents this client happened to see, or "missing" for a document a
 * transaction wrote (transaction writes bypass the cache). Online, the server's answer follows
 * within milliseconds. So the first cached snapshot is held back until the server answers or
 * {@link CACHE_GRACE_MS} passes (offline: then the cache is the best there is). Identical
 * consecutive values are not repeated.
 */
import {
  onSnapshot,
  type DocumentReference,
  type DocumentSnapshot,
  type FirestoreError,
  type Query,
  type QuerySnapshot,
} from 'firebase/firestore';
import type { Unsubscribe } from '@/backend/port/subscriptions';
import { meterReads, metering } from '@/backend/firebase/core/read-meter';

/** How long a cache-only first snapshot waits for the server's, in ms. */
export const CACHE_GRACE_MS = 2000;

/** What the caller makes of a snapshot: a value to emit, or `undefined` to emit nothing. */
type Reader<S, T> = (snapshot: S) => T | undefined;

function serverFirst<S extends { metadata: { fromCache: boolean } }, T>(
  subscribe: (observer: { next: (snapshot: S) => void; error: (error: FirestoreError) => void }) => Unsubscribe,
  read: Reader<S, T>,
  onNext: (value: T) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  let settled = false;
  let held: S | null = null;
  let last: string | undefined;
  let stopped = false;

  const deliver = (snapshot: S) => {
    const value = read(snapshot);
    if (value === undefined || stopped) return;
    const key = JSON.stringify(value);
    if (key === last) return;
    last = key;
    onNext(value);
  };
  const timer = setTimeout(() => {
    settled = true;
    if (held) deliver(held);
    held = null;
  }, CACHE_GRACE_MS);

  const unsubscribe = subscribe({
    next(snapshot) {
      if (!settled) {
        if (snapshot.metadata.fromCache) {
          held = snapshot;
          return;
        }
        settled = true;
        held = null;
        clearTimeout(timer);
      }
      deliver(snapshot);
    },
    error(error) {
      clearTimeout(timer);
      if (!stopped) onError(error);
    },
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
  };
}

/**
 * Follows one document (see the module note on cached first answers).
 * @param read maps a snapshot to the value to emit, or `undefined` to emit nothing.
 */
export function watchDocument<M, T>(
  ref: DocumentReference<M>,
  read: Reader<DocumentSnapshot<M>, T>,
  onNext: (value: T) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  // The read meter (scripts only): the first answer from the server, then each change of the data.
  let served = false;
  let lastData: string | undefined;
  const meter = (snapshot: DocumentSnapshot<M>) => {
    if (!metering() || (!served && snapshot.metadata.fromCache)) return;
    const data = JSON.stringify(snapshot.exists() ? snapshot.data() : null);
    if (!served || data !== lastData) meterReads(1, 'listen');
    served = true;
    lastData = data;
  };
  return serverFirst<DocumentSnapshot<M>, T>(
    (observer) =>
      onSnapshot(
        ref,
        { includeMetadataChanges: true },
        {
          next: (snapshot) => {
            meter(snapshot);
            observer.next(snapshot);
          },
          error: observer.error,
        },
      ),
    read,
    onNext,
    onError,
  );
}

/**
 * Follows a query (see the module note on cached first answers).
 * @param read maps a snapshot to the value to emit, or `undefined` to emit nothing.
 */
export function watchQuery<M, T>(
  target: Query<M>,
  read: Reader<QuerySnapshot<M>, T>,
  onNext: (value: T) => void,
  onError: (error: FirestoreError) => void,
): Unsubscribe {
  // The read meter (scripts only): every document of the first answer from the server (at least
  // one), then every document added, changed or removed.
  let served = false;
  const meter = (snapshot: QuerySnapshot<M>) => {
    if (!metering() || (!served && snapshot.metadata.fromCache)) return;
    meterReads(served ? snapshot.docChanges().length : Math.max(1, snapshot.size), 'listen');
    served = true;
  };
  return serverFirst<QuerySnapshot<M>, T>(
    (observer) =>
      onSnapshot(
        target,
        { includeMetadataChanges: true },
        {
          next: (snapshot) => {
            meter(snapshot);
            observer.next(snapshot);
          },
          error: observer.error,
        },
      ),
    read,
    onNext,
    onError,
  );
}
