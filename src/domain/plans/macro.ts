/**
 * Applying a macro as a plan (DESIGN §3 "Macros"): its actions as a ticket patch
 * (`planTicketPatch`), then its reply with its status event (`planReply`) or the event alone
 * (`planStatusMove`), then its internal note — one write, every check of each planner, and every
 * audit entry naming the macro. A preview is this same plan, not written.
 */
import { fillPlaceholders } from '@/domain/placeholders';
import { assertCan, readableTicket, refusals } from '@/domain/errors/refusals';
import { ruleFor } from '@/domain/lifecycle';
import { LIMITS } from '@/domain/limits';
import { macroPart, mayApply, type Macro, type MacroActions } from '@/domain/macros';
import { isStaff } from '@/domain/roles';
import type { Message, Ticket, UserProfile } from '@/domain/types';
import type { FieldsContext } from '@/domain/plans/field-values';
import { planReply } from '@/domain/plans/reply';
import { planStatusMove } from '@/domain/plans/status-move';
import { planTicketPatch, type CheckedTicketPatch } from '@/domain/plans/ticket-patch';
import {
  applyTicketWrite,
  assertUnchangedSince,
  emptyWrite,
  mergeWrites,
  principalOf,
  type ActingUser,
  type AuditEntry,
  type TicketChangePlan,
} from '@/domain/plans/ticket-write';

/** A message a macro writes: its author fields and its text (placeholders filled). */
export interface MacroMessage {
  author: Pick<Message, 'authorId' | 'authorName' | 'authorRole' | 'internal'>;
  body: string;
}

/** A planned macro: the ticket's change with its audit entries (each naming the macro), and its messages. */
export interface MacroPlan extends TicketChangePlan {
  macro: Pick<Macro, 'id' | 'title'>;
  /** The public reply, `null` when the macro has none. */
  reply: MacroMessage | null;
  /** The internal note, `null` when the macro has none. */
  note: MacroMessage | null;
}

/** What {@link planMacro} needs, read in the write's transaction. */
export interface MacroInput {
  ticket: Ticket;
  macro: Macro;
  actor: ActingUser;
  /** The profile of the agent the macro names (`assignee.kind === 'agent'`), `null` when there is none. */
  assignee: Pick<UserProfile, 'uid' | 'role' | 'displayName'> | null;
  /** Definitions and values: needed when the macro sets values or solves ({@link needsFields}). */
  fields: FieldsContext | null;
  /** The desk's `assignOnReply` (DESIGN §2), for a reply on a new, unassigned ticket. */
  assignOnReply: boolean;
  /** The ticket's `updatedAt` as the agent last saw it (the preview's): a later change refuses the write. */
  expectedUpdatedAt: string | undefined;
}

/** Whether applying `macro` reads the definitions and values: it sets values, or staff solve with it. */
export function needsFields(macro: Pick<Macro, 'actions'>, actor: Pick<UserProfile, 'role'>): boolean {
  return (
    Object.keys(macro.actions.fields ?? {}).length > 0 || (macro.actions.status === 'solve' && isStaff(actor.role))
  );
}

/** The uid a macro assigns to (`undefined`: it does not touch the assignee; `null`: unassigns). */
export function macroAssigneeId(actions: MacroActions, actor: Pick<UserProfile, 'uid'>): string | null | undefined {
  const assignee = actions.assignee;
  if (!assignee) return undefined;
  if (assignee.kind === 'me') return actor.uid;
  if (assignee.kind === 'agent') return assignee.uid;
  return null;
}

/** The macro's actions as a ticket patch over `ticket` (tags added and removed, not replaced). */
function patchOf(ticket: Ticket, actions: MacroActions, actor: ActingUser): CheckedTicketPatch {
  const patch: CheckedTicketPatch = {};
  if (actions.priority !== undefined) patch.priority = actions.priority;
  if (actions.category !== undefined) patch.category = actions.category;
  if ((actions.addTags ?? []).length > 0 || (actions.removeTags ?? []).length > 0) {
    const removed = new Set(actions.removeTags ?? []);
    const tags = [...new Set([...ticket.tags, ...(actions.addTags ?? [])])].filter((tag) => !removed.has(tag));
    if (tags.length > LIMITS.tags.maxCount) throw refusals.macroTooManyTags(LIMITS.tags.maxCount);
    patch.tags = tags;
  }
  const assigneeId = macroAssigneeId(actions, actor);
  if (assigneeId !== undefined) patch.assigneeId = assigneeId;
  if (Object.keys(actions.fields ?? {}).length > 0) patch.fields = actions.fields;
  return patch;
}

/**
 * Plans a macro on a ticket, as one write: the actions' patch first (priority, category, tags,
 * assignee, custom field values — each as `planTicketPatch` checks and records it), then the
 * reply with the macro's status event (as `planReply`: "reply and solve"), or the event alone,
 * checked against the ticket as the patch leaves it (a value the macro sets counts for a solve),
 * then the internal note. An event whose status the ticket already has is skipped. The reply's
 * placeholders are filled for this ticket and agent; an unknown one stays as written.
 * @throws AppError `permission-denied` (not staff), `aborted` (the ticket changed since
 *   `expectedUpdatedAt`), `failed-precondition` (a closed ticket, a move the table forbids, a
 *   required-to-solve field empty — the sentence names it), `invalid-argument` (an assignee who
 *   is not an agent, a value its field refuses, more than 10 tags). Nothing may be written then.
 */
export function planMacro({
  ticket,
  macro,
  actor,
  assignee,
  fields,
  assignOnReply,
  expectedUpdatedAt,
}: MacroInput): MacroPlan {
  assertCan(principalOf(actor), 'macros.use');
  readableTicket(principalOf(actor), ticket);
  assertUnchangedSince(ticket, expectedUpdatedAt);
  if (ticket.status === 'closed') throw refusals.ticketClosed();
  const { actions } = macro;

  const patch = patchOf(ticket, actions, actor);
  const patched =
    Object.keys(patch).length > 0
      ? planTicketPatch({
          ticket,
          patch,
          actor,
          assignee,
          expectedUpdatedAt: undefined,
          fields: patch.fields ? (fields ?? undefined) : undefined,
        })
      : { write: emptyWrite(), events: [] as AuditEntry[] };
  let write = patched.write;
  const events = [...patched.events];
  const agentFields = patched.agentFields;
  // The planners after the patch see the ticket as it leaves it (same `updatedAt`: the guard is done).
  const current = { ...applyTicketWrite(ticket, patched.write, ticket.updatedAt), updatedAt: ticket.updatedAt };
  const fieldsAfter: FieldsContext | null = fields && {
    definitions: fields.definitions,
    values: { visible: current.fields ?? {}, agents: agentFields ?? fields.values.agents },
  };
  const event = actions.status && ruleFor(actions.status).to !== current.status ? actions.status : undefined;

  const body = macro.body.trim().length > 0 ? fillFor(macro.body, current, actor) : '';
  let reply: MacroMessage | null = null;
  if (body !== '') {
    const planned = planReply({
      ticket: current,
      actor,
      internal: false,
      attachmentCount: 0,
      event,
      expectedUpdatedAt: undefined,
      assignOnReply,
      fields: fieldsAfter,
    });
    write = mergeWrites(write, planned.write);
    events.push(...planned.events);
    reply = { author: planned.author, body };
  } else if (event) {
    const moved = planStatusMove(current, event, actor, fieldsAfter);
    write = mergeWrites(write, moved.write);
    events.push(...moved.events);
  }

  const noteText = (actions.note ?? '').trim().length > 0 ? fillFor(actions.note ?? '', current, actor) : '';
  let note: MacroMessage | null = null;
  if (noteText !== '') {
    const planned = planReply({
      ticket: current,
      actor,
      internal: true,
      attachmentCount: 0,
      event: undefined,
      expectedUpdatedAt: undefined,
      assignOnReply: false,
      fields: null,
    });
    write = mergeWrites(write, planned.write);
    note = { author: planned.author, body: noteText };
  }

  return {
    macro: { id: macro.id, title: macro.title },
    write,
    events: events.map((entry) => ({ ...entry, macro: macro.title })),
    ...(agentFields ? { agentFields } : {}),
    reply,
    note,
  };
}

function fillFor(text: string, ticket: Ticket, actor: ActingUser): string {
  return fillPlaceholders(text, {
    requester: { name: ticket.requesterName },
    ticket: { number: ticket.number, subject: ticket.subject },
    agent: { name: actor.displayName },
  }).text;
}

/** The plan of a macro that changes nothing. */
function emptyPlanOf(macro: Pick<Macro, 'id' | 'title'>): MacroPlan {
  return { macro: { id: macro.id, title: macro.title }, write: emptyWrite(), events: [], reply: null, note: null };
}

/** Whether a plan writes nothing at all (a macro whose every action the ticket already has). */
export function isEmptyMacroPlan(plan: MacroPlan): boolean {
  return plan.events.length === 0 && plan.reply === null && plan.note === null;
}

/**
 * What an adapter gives {@link applyMacroThrough}: the reads of one transaction, in this order,
 * and the write. Every read comes before the write, as a Firestore transaction requires.
 */
export interface MacroStore<Written> {
  /** `tickets/{id}`, or `null` when there is none. */
  readTicket(): Promise<Ticket | null>;
  /** The macro as the actor may read it (shared, or their own), `null` when there is none. */
  readMacro(): Promise<Macro | null>;
  /** A person's profile (the agent a macro names), `null` when there is none. */
  readProfile(uid: string): Promise<Pick<UserProfile, 'uid' | 'role' | 'displayName'> | null>;
  /** The desk's `assignOnReply` (its default when none is stored). */
  readAssignOnReply(): Promise<boolean>;
  /** The desk's definitions and the ticket's values (visible and agents-only). */
  readFields(ticket: Ticket): Promise<FieldsContext>;
  /** Writes the plan: the ticket's change, its messages and audit entries. Not called for a preview. */
  write(plan: MacroPlan, ticket: Ticket): Promise<Written>;
}

/** What applying a macro did, or would do (`preview`). */
export interface MacroApplication<Written> {
  ticket: Ticket;
  plan: MacroPlan;
  /** The store's write result; `null` on a preview or a plan that writes nothing. */
  written: Written | null;
}

/**
 * Applies a macro through `store` (both adapters): reads the ticket, the macro, the profile it
 * assigns to, the assign-on-reply setting (only for a reply) and the fields (only when
 * {@link needsFields}), plans it ({@link planMacro}) and writes the plan unless `preview` or the
 * plan writes nothing.
 * @throws AppError `not-found` (no such ticket, or no such macro for this person), and the
 *   refusals of {@link planMacro}. Nothing is written then.
 */
export async function applyMacroThrough<Written>(
  store: MacroStore<Written>,
  request: {
    actor: ActingUser;
    expectedUpdatedAt: string | undefined;
    preview: boolean;
    /** Only this part of the macro (`macroPart`); the whole macro when absent. */
    part?: 'values' | 'rest';
  },
): Promise<MacroApplication<Written>> {
  const { actor } = request;
  assertCan(principalOf(actor), 'macros.use');
  const ticket = readableTicket(principalOf(actor), await store.readTicket());
  const stored = await store.readMacro();
  if (!stored || !mayApply(stored, actor)) throw refusals.macroNotFound();
  const macro = request.part ? macroPart(stored, request.part) : stored;
  if (!macro) return { ticket, plan: { ...emptyPlanOf(stored) }, written: null };
  const wanted = macro.actions.assignee;
  const named = wanted?.kind === 'agent' ? await store.readProfile(wanted.uid) : wanted?.kind === 'me' ? actor : null;
  const assignOnReply = macro.body.trim().length > 0 && (await store.readAssignOnReply());
  const fields = needsFields(macro, actor) ? await store.readFields(ticket) : null;
  const plan = planMacro({
    ticket,
    macro,
    actor,
    assignee: named,
    fields,
    assignOnReply,
    expectedUpdatedAt: request.expectedUpdatedAt,
  });
  if (request.preview || isEmptyMacroPlan(plan)) return { ticket, plan, written: null };
  return { ticket, plan, written: await store.write(plan, ticket) };
}
