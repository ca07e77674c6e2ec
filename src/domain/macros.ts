/**
 * Macros (DESIGN §3 "Macros"): a public reply and the actions an agent takes with it, applied to a
 * ticket in one write. A macro is shared (admins write it, every agent and admin applies it) or
 * personal (its owner's alone). A macro with a reply and no action is what a canned reply was:
 * the composer inserts it as text, and nothing is written until the agent sends.
 *
 * Decisions:
 * - Every action goes through the planners a person's own change goes through
 *   (`src/domain/plans/macro.ts`): the lifecycle table, required-to-solve fields, the assignee
 *   rules, tags' and values' limits. A macro never does what its user could not do by hand.
 * - The status action names a lifecycle event (DESIGN §2), not a status: a macro that solves
 *   fires `solve`, held by the same table and the same fields as the Solve button. A ticket
 *   already in the event's status is left there (applying "Set pending" to a pending ticket
 *   changes nothing, rather than being refused).
 * - Tags are added and removed, never replaced: a macro keeps the tags it does not name.
 * - The audit trail names the macro on every entry of its write ("by Ana, macro “Refund
 *   sent”"), with its title as it was when applied.
 */
import { z } from 'zod/mini';
import type { LifecycleEvent } from '@/domain/lifecycle';
import { LIMITS } from '@/domain/limits';
import { fieldChangesSchema } from '@/domain/custom-fields';
import type { FieldChanges } from '@/domain/plans/field-values';
import { PRIORITIES, type CannedReply, type IsoDateTime, type Priority, type UserProfile } from '@/domain/types';
import { assertCan, refusals } from '@/domain/errors/refusals';

/** Most shared macros a desk keeps (the canned replies' limit before them). */
export const MAX_SHARED_MACROS = 200;
/** Most personal macros one agent keeps. */
export const MAX_PERSONAL_MACROS = 50;
/** Longest macro title (characters). */
export const MAX_MACRO_TITLE = 100;

/**
 * The lifecycle events a macro may fire: staff's own moves (DESIGN §2). `submit` and
 * `customer_reply` are not a macro's to fire.
 */
export const MACRO_STATUS_EVENTS = [
  'open',
  'await_customer',
  'hold',
  'solve',
  'reopen',
  'close',
] as const satisfies readonly LifecycleEvent[];

/** Who a macro assigns the ticket to: the agent applying it, a named agent or admin, or nobody. */
export type MacroAssignee = { kind: 'me' } | { kind: 'agent'; uid: string } | { kind: 'unassign' };

/** What a macro does beside its reply; every key is optional, an absent key changes nothing. */
export interface MacroActions {
  /** A lifecycle event fired after the other changes (DESIGN §2), e.g. `solve`. */
  status?: (typeof MACRO_STATUS_EVENTS)[number];
  priority?: Priority;
  /** A category name, or `null` to remove the ticket's. */
  category?: string | null;
  assignee?: MacroAssignee;
  /** Tags added to the ticket's own (at most 10 tags in all, DESIGN §3). */
  addTags?: string[];
  /** Tags taken off the ticket. */
  removeTags?: string[];
  /** Custom field values to set by key, `null` to empty one (DESIGN §3 "Custom fields"). */
  fields?: FieldChanges;
  /** An internal note written with the change. */
  note?: string;
}

/** A macro as stored and read (`macros/{id}`). */
export interface Macro {
  id: string;
  /** 1–100 characters, trimmed. */
  title: string;
  /** The public reply it sends, with placeholders (`{{requester.firstName}}`…); `''` for none. */
  body: string;
  actions: MacroActions;
  /** `null` for a shared macro; the owner's uid for a personal one. */
  ownerId: string | null;
  /** When it was last saved (ISO-8601 UTC); absent on a macro not saved yet. */
  updatedAt?: IsoDateTime;
}

/** What `macros.save` takes: a macro without its stored time. */
export type MacroInput = Omit<Macro, 'updatedAt'>;

const tagsShape = z
  .array(z.string().check(z.minLength(1), z.maxLength(LIMITS.tags.maxLength), z.regex(LIMITS.tags.pattern)))
  .check(z.maxLength(LIMITS.tags.maxCount, `A macro adds or removes at most ${LIMITS.tags.maxCount} tags.`));

/** A macro's actions, as an admin or agent may save them. */
export const macroActionsSchema = z.strictObject({
  status: z.optional(
    z.enum(MACRO_STATUS_EVENTS, {
      error: 'A macro can open, set pending, put on hold, solve, reopen or close a ticket.',
    }),
  ),
  priority: z.optional(z.enum(PRIORITIES)),
  category: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(60, 'A category has at most 60 characters.'))),
  ),
  assignee: z.optional(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('me') }),
      z.strictObject({ kind: z.literal('agent'), uid: z.string().check(z.minLength(1), z.maxLength(128)) }),
      z.strictObject({ kind: z.literal('unassign') }),
    ]),
  ),
  addTags: z.optional(tagsShape),
  removeTags: z.optional(tagsShape),
  fields: z.optional(fieldChangesSchema),
  note: z.optional(
    z
      .string()
      .check(z.maxLength(LIMITS.body.max, `A note has at most ${LIMITS.body.max.toLocaleString('en-US')} characters.`)),
  ),
});

/** A macro as saved: an id, a title, a reply of at most 10 000 characters and its actions. */
export const macroSchema = z
  .strictObject({
    id: z.string().check(z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9_-]+$/)),
    title: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'A macro needs a title.'),
        z.maxLength(MAX_MACRO_TITLE, `A title has at most ${MAX_MACRO_TITLE} characters.`),
      ),
    body: z
      .string()
      .check(
        z.maxLength(LIMITS.body.max, `A message has at most ${LIMITS.body.max.toLocaleString('en-US')} characters.`),
      ),
    actions: macroActionsSchema,
    ownerId: z.nullable(z.string().check(z.minLength(1), z.maxLength(128))),
  })
  .check(
    z.refine(
      (macro) => macro.body.trim().length > 0 || hasActions(macro.actions),
      'A macro needs a reply or at least one action.',
    ),
    z.refine(
      (macro) => !(macro.actions.addTags ?? []).some((tag) => (macro.actions.removeTags ?? []).includes(tag)),
      'A macro cannot add and remove the same tag.',
    ),
  );

/** Whether a macro does anything beside its reply (an internal note counts). */
export function hasActions(actions: MacroActions): boolean {
  return (
    actions.status !== undefined ||
    actions.priority !== undefined ||
    actions.category !== undefined ||
    actions.assignee !== undefined ||
    (actions.addTags ?? []).length > 0 ||
    (actions.removeTags ?? []).length > 0 ||
    Object.keys(actions.fields ?? {}).length > 0 ||
    (actions.note ?? '').trim().length > 0
  );
}

/** Whether a macro is only a reply (what a canned reply was): the composer inserts it as text. */
export function isTextOnly(macro: Pick<Macro, 'body' | 'actions'>): boolean {
  return !hasActions(macro.actions) && macro.body.trim().length > 0;
}

/**
 * A stored canned reply as the shared, text-only macro it becomes (same id, title and body), so
 * that none is lost when a desk moves to macros (DESIGN §3 "Macros": the migration on both backends).
 */
export function macroFromCannedReply(reply: CannedReply): MacroInput {
  return { id: reply.id, title: reply.title, body: reply.body, actions: {}, ownerId: null };
}

/** Whether `me` may apply (and read) a macro: a shared one, or their own personal one. */
export function mayApply(macro: Pick<Macro, 'ownerId'>, me: Pick<UserProfile, 'uid'>): boolean {
  return macro.ownerId === null || macro.ownerId === me.uid;
}

/**
 * Checks who may write (save or delete) a macro with this owner, and that a save keeps a stored
 * macro's owner (DESIGN §3 "Macros"): shared ones admins, personal ones their owner.
 * @param storedOwnerId the stored macro's owner when one is replaced; `undefined` for a new one.
 * @throws AppError `permission-denied`.
 */
export function assertMayWriteMacro(
  me: Pick<UserProfile, 'uid' | 'role'>,
  ownerId: string | null,
  storedOwnerId?: string | null,
): void {
  assertCan(me, 'macros.use');
  if (ownerId === null) assertCan(me, 'macros.manageShared');
  else if (ownerId !== me.uid) throw refusals.macroNotYours();
  if (storedOwnerId !== undefined && storedOwnerId !== ownerId) throw refusals.macroNotYours();
}

/** The most macros of one owner's kind: {@link MAX_SHARED_MACROS} shared, {@link MAX_PERSONAL_MACROS} personal. */
export function maxMacrosOf(ownerId: string | null): number {
  return ownerId === null ? MAX_SHARED_MACROS : MAX_PERSONAL_MACROS;
}

/**
 * One part of a macro (DESIGN §3 "Macros", Firebase): `values` its custom field values alone;
 * `rest` everything else. The Firestore rules cannot check field values and another change of the
 * ticket in one request (their 1 000-expression budget), so the Firebase adapter writes a macro
 * that does both as two writes, values first (a solve needs them stored), each through the same
 * planner. `null` when the part is empty.
 */
export function macroPart<M extends Pick<Macro, 'body' | 'actions'>>(macro: M, part: 'values' | 'rest'): M | null {
  const { fields, ...rest } = macro.actions;
  if (part === 'values') {
    return fields && Object.keys(fields).length > 0 ? { ...macro, body: '', actions: { fields } } : null;
  }
  const others = { ...macro, actions: rest };
  return hasActions(rest) || macro.body.trim().length > 0 ? others : null;
}

/**
 * Reads a stored macro, or `null` when it is malformed (readers skip it: a macro the schema
 * refuses is never applied). `id` and `ownerId` come from where it is stored.
 */
export function macroFrom(id: string, stored: unknown): Macro | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Record<string, unknown>;
  const parsed = macroSchema.safeParse({
    id,
    title: record.title,
    body: record.body,
    actions: record.actions ?? {},
    ownerId: record.ownerId ?? null,
  });
  if (!parsed.success) return null;
  const updatedAt = typeof record.updatedAt === 'string' ? { updatedAt: record.updatedAt } : {};
  return { ...parsed.data, ...updatedAt } as Macro;
}

/** Macros in the order pickers list them: by title, then id. */
export function byTitle(a: Pick<Macro, 'title' | 'id'>, b: Pick<Macro, 'title' | 'id'>): number {
  return a.title.localeCompare(b.title) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Macros whose title or reply contains every word of `search` (case-insensitive), by title. */
export function findMacros<M extends Pick<Macro, 'title' | 'body' | 'id'>>(macros: readonly M[], search: string): M[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return macros
    .filter((macro) => {
      const haystack = `${macro.title}\n${macro.body}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    })
    .sort(byTitle);
}
