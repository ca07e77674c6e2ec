/**
 * How the port's live subscriptions report (DESIGN §5): every `watch…` of every port takes a
 * {@link Listener} and an {@link ErrorListener} and returns an {@link Unsubscribe}.
 */
import type { ErrorShape } from '@/domain/errors/errors';

/** Stops a subscription. Safe to call more than once. */
export type Unsubscribe = () => void;

/** Called with each new value of a live subscription. */
export type Listener<T> = (value: T) => void;
/** Called once when a live subscription fails; no more values follow. */
export type ErrorListener = (error: ErrorShape) => void;
