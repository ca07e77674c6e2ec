/**
 * Keeps what a visitor typed into a pre-rendered form before the app took it over (DESIGN §12).
 *
 * The build writes the guest pages as HTML, so their fields take typing (and the browser's
 * autofill) before the scripts arrive; hydration keeps the DOM's values but the screen's state
 * starts empty, and a submit would say "Enter your email" beside a filled field. After the first
 * render this hands each filled field of `container` to `adopt`, which puts it into the state;
 * a submission made before then (held back by the page's head script, src/lib/held-submit.ts) is
 * made again once the adopted values have rendered.
 */
import { useEffect, useState, type RefObject } from 'react';
import { takeHeldSubmit } from '@/lib/held-submit';

/**
 * @param container the element holding the form's fields.
 * @param adopt called once after mount for each `<input>`/`<textarea>` with a value (or a ticked
 *   checkbox); it receives the element (`id`, `type`, `value`, `checked`).
 */
export function useTypedBeforeHydration(
  container: RefObject<HTMLElement | null>,
  adopt: (field: HTMLInputElement | HTMLTextAreaElement) => void,
): void {
  const [resubmit, setResubmit] = useState(false);
  useEffect(() => {
    const fields = container.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea');
    for (const field of fields ?? []) {
      const filled =
        field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value !== '';
      if (filled) adopt(field);
    }
    if (takeHeldSubmit()) setResubmit(true);
    // Once, on mount: later typing goes through the fields' own handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (!resubmit) return;
    setResubmit(false);
    // After the render that holds the adopted values, so the screen's submit handler sees them.
    const element = container.current;
    const form = element instanceof HTMLFormElement ? element : element?.querySelector('form');
    form?.requestSubmit();
  }, [resubmit, container]);
}
