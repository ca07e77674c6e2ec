/**
 * Single-key keyboard shortcuts (`j`/`k`/`Enter` in the queue, `r`/`n`/`a` on a
 * ticket, `?` for the list), after Gmail's and Zendesk's: nothing fires while the person is
 * typing in a field, or with Ctrl, Alt or Meta held (those belong to the browser).
 */
import { useEffect, useRef } from 'react';

/** What a shortcut does; `event` is the keydown that fired it (its default is already prevented). */
export type HotkeyHandler = (event: KeyboardEvent) => void;

/** Whether a keydown comes from somewhere the person types: input, textarea, select or contenteditable. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * Listens on the document for the given keys (`event.key` values: `j`, `Enter`, `?`) while
 * `enabled`. The handlers may change on every render; the listener is added once.
 * Ignored: keys typed into fields, keys with Ctrl/Alt/Meta, repeats of `Enter`, and keys
 * whose default another handler already prevented (an open menu, a focused button's Enter).
 */
export function useHotkeys(bindings: Record<string, HotkeyHandler>, enabled = true): void {
  const current = useRef(bindings);
  current.current = bindings;
  useEffect(() => {
    if (!enabled) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      if (isTypingTarget(event.target)) return;
      if (event.key === 'Enter' && (event.repeat || (event.target as Element | null)?.closest?.('a, button'))) return;
      const handler = current.current[event.key];
      if (!handler) return;
      event.preventDefault();
      handler(event);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
