/**
 * Keeps what a visitor typed into a pre-rendered form before the app took it over (DESIGN §12).
 *
 * The build writes the guest pages as HTML, so their fields take typing (and the browser's
 * autofill) before the scripts arrive; hydration keeps the DOM's values but the screen's state
 * starts empty, and a submit would say "Enter your email" beside a filled field. After the first
 * render this hands each filled field of `container` to `adopt`, which puts it into the state;
 * a submission made before then (held back by the page's head script, src/lib/held-submit.ts) is
 * made again once the adopted values have rendered.
 *
 * Hydration runs as a transition, in slices, and typing that lands while React claims a field
 * can escape both the field's handler and the first look (the field showed the text, the screen
 * said it was empty: seen in the journeys, now and then, under load). So the returned
 * `adoptShown` hands the filled fields over again; a screen calls it as its form is submitted
 * (`onSubmitCapture` round an antd `Form`, whose store takes the values at once), so what the
 * fields show is what is sent.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { takeHeldSubmit } from '@/lib/held-submit';

type Field = HTMLInputElement | HTMLTextAreaElement;

/** Calls `adopt` for each `<input>`/`<textarea>` of `container` with a value (or a ticked checkbox). */
function adoptFilled(container: HTMLElement | null, adopt: (field: Field) => void): void {
  for (const field of container?.querySelectorAll<Field>('input, textarea') ?? []) {
    const filled = field instanceof HTMLInputElement && field.type === 'checkbox' ? field.checked : field.value !== '';
    if (filled) adopt(field);
  }
}

/**
 * @param container the element holding the form's fields.
 * @param adopt called once after mount, and again on each call of the returned function, for each
 *   `<input>`/`<textarea>` with a value (or a ticked checkbox); it receives the element (`id`,
 *   `type`, `value`, `checked`).
 * @returns `adoptShown`: hands the filled fields to `adopt` now (call it as the form is submitted).
 */
export function useTypedBeforeHydration(
  container: RefObject<HTMLElement | null>,
  adopt: (field: Field) => void,
): () => void {
  const [resubmit, setResubmit] = useState(false);
  const latestAdopt = useRef(adopt);
  latestAdopt.current = adopt;
  useEffect(() => {
    adoptFilled(container.current, latestAdopt.current);
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
  return useCallback(() => adoptFilled(container.current, latestAdopt.current), [container]);
}
