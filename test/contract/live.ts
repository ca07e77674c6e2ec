/**
 * Waiting on a live subscription in the contract suites: the first value that satisfies a test,
 * within a time limit (on Firebase, trusted code writes some data a moment after the change).
 */
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';

/**
 * The first value of `subscribe` that `accept` takes; then unsubscribes.
 * @rejects with the subscription's error, or an Error naming `describe(latest)` after `timeoutMs`.
 */
export function firstMatch<T>(
  subscribe: (onNext: Listener<T>, onError: ErrorListener) => Unsubscribe,
  accept: (value: T) => boolean,
  { timeoutMs = 15_000, describe = (value: T | undefined) => JSON.stringify(value)?.slice(0, 300) } = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let latest: T | undefined;
    let stop: Unsubscribe = () => undefined;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Deferred: the subscription may still be returning its unsubscribe.
      queueMicrotask(() => stop());
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`No matching value within ${timeoutMs} ms: ${describe(latest)}`))),
      timeoutMs,
    );
    stop = subscribe(
      (value) => {
        latest = value;
        if (accept(value)) finish(() => resolve(value));
      },
      (error) => finish(() => reject(error)),
    );
  });
}
