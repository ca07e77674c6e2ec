/**
 * Keeps what a visitor typed into a pre-rendered form before the app took it over (DESIGN §12).
 *
 * The build writes the guest pages as HTML, so their fields take typing (and the browser's
 * autofill) before the scripts arrive; hydration keeps the DOM's values but the screen's state
 * starts empty, and a submit would say "Enter your email" beside a filled field. After the first
 * render this hands each filled field of `container` to `adopt`, which puts it into the state.
 */
import { useEffect, type RefObject } from 'react';

/**
 * @param container the element holding the form's fields.
 * @param adopt called once after mount for each `<input>`/`<textarea>` with a value (or a ticked
 *   checkbox); it receives the element (`id`, `type`, `value`, `checked`).
 */
export function useTypedBeforeHydration(
  container: RefObject<HTMLElement | null>,
  adopt: (field: HTMLInputElement | HTMLTextAreaElement) => void,
): void {
  useEffect(() => {
    const fields = container.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    for (const field of fields ?? []) {
      const filled =
        field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value !== '';
      if (filled) adopt(field);
    }
    // Once, on mount: later typing goes through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
