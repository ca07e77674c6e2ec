/**
 * A callback whose identity never changes but which always runs the latest `callback` given —
 * so a `memo` child receiving it does not re-render just because its parent did (React's
 * proposed `useEffectEvent`, for event handlers). Do not call it during render.
 */
import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * @param callback the handler as of this render.
 * @returns a stable function forwarding its arguments to the latest `callback`, returning its result.
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
