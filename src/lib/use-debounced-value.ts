/**
 * A value that follows another once it has stopped changing: what a search box runs on, so a
 * query starts once typing pauses rather than on every key.
 */
import { useEffect, useState } from 'react';

/**
 * `value`, `delayMs` after its last change (its first value at once).
 * @param value anything compared with `Object.is` (a trimmed string, typically).
 * @param delayMs how long `value` must stay the same, in ms.
 * @returns the value as it was when it last stood still for `delayMs`.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
