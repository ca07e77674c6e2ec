/**
 * The automatic close as a time rule (DESIGN §2, §10 "The automatic close"): a solved ticket is
 * closed by the system once the desk's close-after days have passed since it was solved. It is a
 * trigger like any other — admins see it on /admin/automations, change its hours or conditions,
 * or switch it off — with a fixed id, which trusted code writes for a desk that has none, from the
 * desk setting `closeAfterDays` (so a desk from before keeps its behaviour), and which an admin
 * cannot delete (trusted code would only write it again).
 */
import type { TriggerInput } from '@/domain/triggers';

/** The id of the desk's automatic-close rule (`triggers/auto-close`). */
export const AUTO_CLOSE_TRIGGER_ID = 'auto-close';

/**
 * The automatic-close rule of a desk whose setting is `closeAfterDays` (whole days, 1–365): on
 * the schedule alone, status is solved and at least `closeAfterDays × 24` hours since solved →
 * the lifecycle's `close` (by the system actor, whom the lifecycle lets close a solved ticket).
 * @param order its place among the desk's triggers (after the others: `max order + 1`).
 */
export function autoCloseTrigger(closeAfterDays: number, order: number): TriggerInput {
  return {
    id: AUTO_CLOSE_TRIGGER_ID,
    title: `Close solved tickets after ${closeAfterDays} ${closeAfterDays === 1 ? 'day' : 'days'}`,
    active: true,
    order,
    on: ['time'],
    all: [
      { property: 'status', operator: 'is', value: 'solved' },
      { property: 'hoursSinceSolved', operator: 'atLeast', value: String(closeAfterDays * 24) },
    ],
    any: [],
    actions: { status: 'close' },
  };
}

/** The order after a desk's triggers' (0 for a desk with none). */
export function orderAfter(triggers: readonly { order: number }[]): number {
  return triggers.reduce((max, trigger) => Math.max(max, trigger.order + 1), 0);
}
