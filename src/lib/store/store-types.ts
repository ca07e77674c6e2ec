/**
 * The store's types as every layer below the composition root may see them (DESIGN §5): the
 * dispatch (thunks receive the backend as their extra argument) and the listener middleware's
 * `startListening`, typed over just the slices a listener reads. `src/app` builds the store
 * from the slices; nothing here depends on it.
 */
import type { ThunkDispatch, TypedStartListening, UnknownAction } from '@reduxjs/toolkit';
import type { Backend } from '@/backend/port/backend';

/** The store's dispatch: plain actions, and thunks that receive the backend as their extra argument. */
export type AppThunkDispatch = ThunkDispatch<unknown, Backend, UnknownAction>;

/**
 * The listener middleware's `startListening` for a feature's listeners: `State` is the part of
 * the store they read (e.g. `{ outbox: OutboxSliceState }`), `extra` is the backend. The app
 * passes its own, typed with the whole state, when it registers them.
 */
export type StartListening<State> = TypedStartListening<State, AppThunkDispatch, Backend>;
