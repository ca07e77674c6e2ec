/**
 * A polite live region that screen readers read out when its text changes, without moving
 * focus (DESIGN §8): new tickets in the queue, new replies in a conversation. Invisible on
 * screen (the change itself is visible there); present from the first render, because a region
 * added together with its text is not announced.
 */
import type { CSSProperties } from 'react';

/** Hidden from sight but not from assistive technology (the usual "visually hidden" rules). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * The region.
 * @param text what to announce; a new text is read out once. Announcing the same text twice
 *   needs a different `text` (callers add a count or a name).
 * @param testId for tests that check what would be read out.
 */
export function LiveAnnouncement({ text, testId }: { text: string; testId?: string }) {
  return (
    <div role="status" aria-live="polite" aria-atomic="true" style={VISUALLY_HIDDEN} data-testid={testId}>
      {text}
    </div>
  );
}
