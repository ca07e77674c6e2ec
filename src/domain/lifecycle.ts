/**
 * The ticket lifecycle of DESIGN §2, as data. Reducers, buttons, the local backend and the
 * Firestore rules all follow {@link LIFECYCLE}; nothing else encodes which move is allowed.
 */
import { AppError } from '@/domain/errors/errors';
import { CLOSED_TICKET_SENTENCE } from '@/domain/errors/refusals';
import { isStaff, type Role } from '@/domain/roles';
import type { Ticket, TicketStatus } from '@/domain/types';

/** Lifecycle events of DESIGN §2. */
export const LIFECYCLE_EVENTS = [
  'submit',
  'open',
  'await_customer',
  'hold',
  'solve',
  'customer_reply',
  'reopen',
  'close',
] as const;
/** One of DESIGN §2's events. */
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

/**
 * Who may fire an event: `staff` = agents and admins; `requester` = the ticket's own
 * requester with the customer role; `system` = the automatic close after `closeAfterDays`.
 */
export type LifecycleActorKind = 'staff' | 'requester' | 'system';

/** One row of DESIGN §2's table. `from: []` means "no ticket yet" (submit). */
export interface LifecycleRule {
  event: LifecycleEvent;
  from: readonly TicketStatus[];
  to: TicketStatus;
  who: readonly LifecycleActorKind[];
  /** Button label for this move. */
  label: string;
}

/** DESIGN §2, row for row. */
export const LIFECYCLE: readonly LifecycleRule[] = [
  { event: 'submit', from: [], to: 'new', who: ['requester', 'staff'], label: 'Submit' },
  { event: 'open', from: ['new', 'pending', 'on_hold'], to: 'open', who: ['staff'], label: 'Open' },
  {
    event: 'await_customer',
    from: ['new', 'open', 'on_hold'],
    to: 'pending',
    who: ['staff'],
    label: 'Set pending',
  },
  { event: 'hold', from: ['new', 'open', 'pending'], to: 'on_hold', who: ['staff'], label: 'Put on hold' },
  {
    event: 'solve',
    from: ['new', 'open', 'pending', 'on_hold'],
    to: 'solved',
    who: ['staff', 'requester'],
    label: 'Mark as solved',
  },
  {
    event: 'customer_reply',
    from: ['pending', 'on_hold', 'solved'],
    to: 'open',
    who: ['requester'],
    label: 'Reply',
  },
  { event: 'reopen', from: ['solved'], to: 'open', who: ['staff', 'requester'], label: 'Reopen' },
  { event: 'close', from: ['solved'], to: 'closed', who: ['staff', 'system'], label: 'Close' },
];

/** Who is acting: a signed-in person, or the automatic close. */
export type Actor = { kind: 'user'; uid: string; role: Role } | { kind: 'system' };

/** Why a move was refused. */
export type RefusalCode = 'closed' | 'invalid-transition' | 'not-allowed-for-actor';

/** The answer of {@link transition}: the next status, or a typed refusal with a sentence. */
export type TransitionResult =
  { ok: true; to: TicketStatus; rule: LifecycleRule } | { ok: false; code: RefusalCode; message: string };

const STATUS_LABELS: Record<TicketStatus, string> = {
  new: 'New',
  open: 'Open',
  pending: 'Pending',
  on_hold: 'On hold',
  solved: 'Solved',
  closed: 'Closed',
};

/** Human label for a status. */
export function statusLabel(status: TicketStatus): string {
  return STATUS_LABELS[status];
}

/** The rule for an event (every event has exactly one row). */
export function ruleFor(event: LifecycleEvent): LifecycleRule {
  const rule = LIFECYCLE.find((r) => r.event === event);
  if (!rule) throw new Error(`No lifecycle rule for ${event}`);
  return rule;
}

function actorKinds(ticket: Pick<Ticket, 'requesterId'> | null, actor: Actor): LifecycleActorKind[] {
  if (actor.kind === 'system') return ['system'];
  const kinds: LifecycleActorKind[] = [];
  if (isStaff(actor.role)) kinds.push('staff');
  // A customer acts as requester on a ticket they are submitting, or on their own ticket.
  if (actor.role === 'customer' && (ticket === null || ticket.requesterId === actor.uid)) kinds.push('requester');
  return kinds;
}

/**
 * Applies a lifecycle event (DESIGN §2).
 * @param ticket the ticket as it is now, or `null` for `submit`.
 * @param event the event to fire.
 * @param actor who fires it.
 * @returns `{ ok: true, to }` with the next status, or `{ ok: false, code, message }`:
 *   `closed` for any event on a closed ticket, `invalid-transition` when the event does not
 *   apply to the current status, `not-allowed-for-actor` when the actor's role may not fire it.
 */
export function transition(
  ticket: Pick<Ticket, 'status' | 'requesterId'> | null,
  event: LifecycleEvent,
  actor: Actor,
): TransitionResult {
  const rule = ruleFor(event);
  if (ticket?.status === 'closed') {
    return { ok: false, code: 'closed', message: CLOSED_TICKET_SENTENCE };
  }
  const applies = ticket === null ? rule.from.length === 0 : rule.from.includes(ticket.status);
  if (!applies) {
    const where =
      ticket === null ? 'a ticket that does not exist yet' : `a ${statusLabel(ticket.status).toLowerCase()} ticket`;
    return { ok: false, code: 'invalid-transition', message: `“${rule.label}” is not possible on ${where}.` };
  }
  const kinds = actorKinds(ticket, actor);
  if (!rule.who.some((who) => kinds.includes(who))) {
    return {
      ok: false,
      code: 'not-allowed-for-actor',
      message: `You are not allowed to “${rule.label.toLowerCase()}” on this ticket.`,
    };
  }
  return { ok: true, to: rule.to, rule };
}

/**
 * The events an actor may fire on a ticket now — what the status buttons show.
 * `customer_reply` is left out: it fires by replying, not by a button.
 */
export function availableEvents(ticket: Pick<Ticket, 'status' | 'requesterId'>, actor: Actor): LifecycleEvent[] {
  return LIFECYCLE.filter((rule) => rule.event !== 'submit' && rule.event !== 'customer_reply')
    .filter((rule) => transition(ticket, rule.event, actor).ok)
    .map((rule) => rule.event);
}

/**
 * What a public reply does to its ticket's status when no move is chosen with it (DESIGN §2),
 * as data: the requester's reply on a pending, on-hold or solved ticket reopens it
 * (`customer_reply`, as in Zendesk); a staff member's reply on a new ticket opens it (the
 * customer is no longer the one waiting). The Firestore rules hold every public reply to it.
 */
export const REPLY_MOVES: readonly {
  by: 'staff' | 'requester';
  from: readonly TicketStatus[];
  event: LifecycleEvent;
}[] = [
  { by: 'requester', from: ruleFor('customer_reply').from, event: 'customer_reply' },
  { by: 'staff', from: ['new'], event: 'open' },
];

/**
 * The event a new public reply fires (DESIGN §2, {@link REPLY_MOVES}).
 * @returns the event, or `null` when the status stays (an internal note never calls this).
 */
export function eventForReply(ticket: Pick<Ticket, 'status' | 'requesterId'>, actor: Actor): LifecycleEvent | null {
  if (actor.kind !== 'user') return null;
  const kinds = actorKinds(ticket, actor);
  const move = REPLY_MOVES.find((candidate) => kinds.includes(candidate.by) && candidate.from.includes(ticket.status));
  return move && transition(ticket, move.event, actor).ok ? move.event : null;
}

/** The statuses on which a staff member's public reply takes an unassigned ticket (DESIGN §2). */
export const ASSIGN_ON_REPLY_FROM: readonly TicketStatus[] = ['new'];

/**
 * Whether a public reply makes its author the ticket's assignee (DESIGN §2, as Freshdesk's
 * "assign to the first responder"): a staff member answering a new, unassigned ticket takes
 * it, unless the desk turned the setting off (`DeskSettings.assignOnReply`).
 * @param assignOnReply the desk's setting (default on).
 */
export function assignsOnReply(
  ticket: Pick<Ticket, 'status' | 'assigneeId'>,
  actor: Actor,
  internal: boolean,
  assignOnReply: boolean,
): boolean {
  return (
    assignOnReply &&
    !internal &&
    actor.kind === 'user' &&
    isStaff(actor.role) &&
    !ticket.assigneeId &&
    ASSIGN_ON_REPLY_FROM.includes(ticket.status)
  );
}

/**
 * Whether a solved ticket is due for the automatic close (DESIGN §2).
 * @param now the current time, ms since the epoch.
 */
export function isDueForClose(
  ticket: Pick<Ticket, 'status' | 'solvedAt'>,
  closeAfterDays: number,
  now: number,
): boolean {
  if (ticket.status !== 'solved' || !ticket.solvedAt) return false;
  return now - Date.parse(ticket.solvedAt) >= closeAfterDays * 24 * 60 * 60 * 1000;
}

/**
 * The error a backend raises for a refused move (both adapters, and what the rules mirror):
 * a move the actor's role may not make → `permission-denied`; a move the table does not allow
 * from the current status, or any move on a closed ticket → `failed-precondition`. The
 * refusal's sentence is kept as the message.
 */
export function refusalError(refusal: Extract<TransitionResult, { ok: false }>): AppError {
  switch (refusal.code) {
    case 'not-allowed-for-actor':
      return new AppError('permission-denied', refusal.message);
    case 'closed':
    case 'invalid-transition':
      return new AppError('failed-precondition', refusal.message);
    default: {
      const unexpected: never = refusal.code;
      return new AppError('failed-precondition', String(unexpected));
    }
  }
}

/** What a status move changes besides the status itself (each adapter turns it into writes). */
export interface StatusChangeEffects {
  /** Stamp `solvedAt` with the move's time. */
  setSolvedAt: boolean;
  /** Remove `solvedAt`: the ticket left `solved` for a working status (the close clock restarts). */
  clearSolvedAt: boolean;
  /** Stamp `closedAt` with the move's time. */
  setClosedAt: boolean;
  /** The staff member who becomes the assignee: they solved an unassigned ticket (DESIGN §2). */
  assignTo: { uid: string; displayName: string } | null;
}

/**
 * The side effects of moving `ticket` to `to` by `actor` (DESIGN §2): timestamps, and the
 * solving agent becoming the assignee of an unassigned ticket, as in Zendesk. A customer who
 * solves their own unassigned ticket leaves it unassigned.
 */
export function statusChangeEffects(
  ticket: Pick<Ticket, 'status' | 'assigneeId'>,
  to: TicketStatus,
  actor: { uid: string; role: Role; displayName: string },
): StatusChangeEffects {
  const solves = to === 'solved';
  return {
    setSolvedAt: solves,
    clearSolvedAt: ticket.status === 'solved' && to !== 'solved' && to !== 'closed',
    setClosedAt: to === 'closed',
    assignTo:
      solves && !ticket.assigneeId && isStaff(actor.role) ? { uid: actor.uid, displayName: actor.displayName } : null,
  };
}
