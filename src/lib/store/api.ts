/**
 * The one RTK Query `createApi` (DESIGN §5). Features add endpoints with `injectEndpoints`.
 * Its base query runs a call on the backend and turns any failure into `{ code, message }`.
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { Backend } from '@/backend/port/backend';
import { toErrorShape, type ErrorShape } from '@/domain/errors/errors';

/** What an endpoint's `query` returns: a call to run on the backend. */
export type BackendCall<T> = (backend: Backend) => Promise<T>;

/**
 * Runs a {@link BackendCall} with the backend from the store's extra argument.
 * A call that resolves with nothing (a `Promise<void>` write) gives `{ data: null }`: RTK Query
 * takes `{ data: undefined }` for a broken base query and logs an error.
 * @returns `{ data }`, or `{ error: { code, message } }` for anything thrown — never throws.
 */
export const backendBaseQuery: BaseQueryFn<BackendCall<unknown>, unknown, ErrorShape> = async (call, { extra }) => {
  try {
    const data = await call(extra as Backend);
    return { data: data === undefined ? null : data };
  } catch (error) {
    return { error: toErrorShape(error) };
  }
};

/**
 * Live data in the cache: `value` is null until the first snapshot; `error` is set when the
 * subscription failed (e.g. `permission-denied`).
 */
export interface Live<T> {
  value: T | null;
  error: ErrorShape | null;
}

/** Subscribes to a backend `watch…` method. */
export type WatchFn<Arg, T> = (backend: Backend, arg: Arg, onNext: Listener<T>, onError: ErrorListener) => Unsubscribe;

/**
 * The two halves of a live endpoint, following RTK's streaming-updates recipe: the query
 * puts an empty {@link Live} in the cache; `onCacheEntryAdded` subscribes once the entry
 * exists, patches it with every snapshot, and unsubscribes when the entry is removed.
 */
export function liveEndpoint<Arg, T>(watch: WatchFn<Arg, T>) {
  return {
    query: (): BackendCall<Live<T>> => () => Promise.resolve({ value: null, error: null }),
    async onCacheEntryAdded(
      arg: Arg,
      {
        cacheDataLoaded,
        cacheEntryRemoved,
        updateCachedData,
        extra,
      }: {
        cacheDataLoaded: Promise<unknown>;
        cacheEntryRemoved: Promise<unknown>;
        updateCachedData: (recipe: (draft: Live<T>) => Live<T> | void) => unknown;
        extra: unknown;
      },
    ) {
      let unsubscribe: Unsubscribe = () => undefined;
      try {
        await cacheDataLoaded;
        unsubscribe = watch(
          extra as Backend,
          arg,
          (value) => updateCachedData(() => ({ value, error: null })),
          (error) => updateCachedData((draft) => ({ value: draft.value, error })),
        );
      } catch {
        // The entry was removed before its first value: nothing to subscribe to.
      }
      await cacheEntryRemoved;
      unsubscribe();
    },
  };
}

/** The app's API slice. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: backendBaseQuery,
  tagTypes: ['Ticket', 'User', 'Settings', 'Avatar'],
  endpoints: () => ({}),
});
