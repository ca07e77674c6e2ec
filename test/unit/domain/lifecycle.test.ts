/**
 * The ticket lifecycle of DESIGN §2, walked exhaustively. The expected table below is copied
 * from DESIGN.md by hand, not read from `LIFECYCLE`, so a wrong row in `src/domain/lifecycle.ts`
 * fails here.
 */
import {
  assignsOnReply,
  availableEvents,
  eventForReply,
  isDueForClose,
  LIFECYCLE,
  LIFECYCLE_EVENTS,
  transition,
  type Actor,
  type LifecycleEvent,
  type RefusalCode,
} from '@/domain/lifecycle';
import { TICKET_STATUSES, type Ticket, type TicketStatus } from '@/domain/types';

/** `none` is "no ticket yet": the only state `submit` starts from. */
type From = TicketStatus | 'none';

type ActorName = 'requester' | 'other customer' | 'agent' | 'admin' | 'system';

const STATUSES: readonly From[] = ['none', 'new', 'open', 'pending', 'on_hold', 'solved', 'closed'];

const EVENTS: readonly LifecycleEvent[] = [
  'submit',
  'open',
  'await_customer',
  'hold',
  'solve',
  'customer_reply',
  'reopen',
  'close',
];

const ACTOR_NAMES: readonly ActorName[] = ['requester', 'other customer', 'agent', 'admin', 'system'];

const REQUESTER_ID = 'u-requester';

const ACTORS: Record<ActorName, Actor> = {
  requester: { kind: 'user', uid: REQUESTER_ID, role: 'customer' },
  'other customer': { kind: 'user', uid: 'u-other-customer', role: 'customer' },
  agent: { kind: 'user', uid: 'u-agent', role: 'agent' },
  admin: { kind: 'user', uid: 'u-admin', role: 'admin' },
  system: { kind: 'system' },
};

const STAFF: readonly ActorName[] = ['agent', 'admin'];

/**
 * DESIGN §2, row for row, in the words of the design: "agent" includes admin, "customer on own
 * ticket" is the requester. With no ticket yet every customer is submitting their own request,
 * so both customers may submit; the system never submits.
 */
const DESIGN_TABLE: Record<LifecycleEvent, { from: readonly From[]; to: TicketStatus; who: readonly ActorName[] }> = {
  submit: { from: ['none'], to: 'new', who: ['requester', 'other customer', ...STAFF] },
  open: { from: ['new', 'pending', 'on_hold'], to: 'open', who: STAFF },
  await_customer: { from: ['new', 'open', 'on_hold'], to: 'pending', who: STAFF },
  hold: { from: ['new', 'open', 'pending'], to: 'on_hold', who: STAFF },
  solve: { from: ['new', 'open', 'pending', 'on_hold'], to: 'solved', who: [...STAFF, 'requester'] },
  customer_reply: { from: ['pending', 'on_hold', 'solved'], to: 'open', who: ['requester'] },
  reopen: { from: ['solved'], to: 'open', who: [...STAFF, 'requester'] },
  close: { from: ['solved'], to: 'closed', who: [...STAFF, 'system'] },
};

type Expected = { ok: true; to: TicketStatus } | { ok: false; code: RefusalCode };

function expectedOutcome(from: From, event: LifecycleEvent, actor: ActorName): Expected {
  const row = DESIGN_TABLE[event];
  if (from === 'closed') return { ok: false, code: 'closed' };
  if (!row.from.includes(from)) return { ok: false, code: 'invalid-transition' };
  if (!row.who.includes(actor)) return { ok: false, code: 'not-allowed-for-actor' };
  return { ok: true, to: row.to };
}

function ticketIn(status: TicketStatus): Pick<Ticket, 'status' | 'requesterId'> {
  return { status, requesterId: REQUESTER_ID };
}

function ticketFrom(from: From): Pick<Ticket, 'status' | 'requesterId'> | null {
  return from === 'none' ? null : ticketIn(from);
}

interface Case {
  from: From;
  event: LifecycleEvent;
  actor: ActorName;
  expected: Expected;
  title: string;
}

const CASES: Case[] = STATUSES.flatMap((from) =>
  EVENTS.flatMap((event) =>
    ACTOR_NAMES.map((actor): Case => {
      const expected = expectedOutcome(from, event, actor);
      const where = from === 'none' ? 'with no ticket yet' : `on a ${from} ticket`;
      const verdict = expected.ok ? `moves it to ${expected.to}` : `is refused with ${expected.code}`;
      return { from, event, actor, expected, title: `${event} by ${actor} ${where} ${verdict}` };
    }),
  ),
);

describe('the lifecycle table', () => {
  it('knows exactly the eight events of DESIGN §2', () => {
    expect([...LIFECYCLE_EVENTS].sort()).toEqual([...EVENTS].sort());
  });

  it('has exactly one row per event', () => {
    expect(LIFECYCLE.map((rule) => rule.event).sort()).toEqual([...EVENTS].sort());
  });
});

describe('transition', () => {
  it('walks every status × event × actor: 7 × 8 × 5 = 280 cases', () => {
    expect(CASES).toHaveLength(280);
    expect(new Set(CASES.map((c) => `${c.from}/${c.event}/${c.actor}`)).size).toBe(280);
  });

  it.each(CASES)('$title', ({ from, event, actor, expected }) => {
    const result = transition(ticketFrom(from), event, ACTORS[actor]);
    if (expected.ok) {
      expect(result).toMatchObject({ ok: true, to: expected.to });
    } else {
      expect(result).toMatchObject({ ok: false, code: expected.code });
    }
  });

  it('explains every refusal in a sentence', () => {
    for (const { from, event, actor } of CASES) {
      const result = transition(ticketFrom(from), event, ACTORS[actor]);
      if (!result.ok) expect(result.message).toMatch(/^[A-Z“].*\.$/);
    }
  });

  it('refuses a customer moving a ticket to on_hold', () => {
    expect(transition(ticketIn('open'), 'hold', ACTORS.requester)).toMatchObject({
      ok: false,
      code: 'not-allowed-for-actor',
    });
  });

  it('lets the requester solve their own ticket but not someone else’s', () => {
    expect(transition(ticketIn('open'), 'solve', ACTORS.requester)).toMatchObject({ ok: true, to: 'solved' });
    expect(transition(ticketIn('open'), 'solve', ACTORS['other customer'])).toMatchObject({
      ok: false,
      code: 'not-allowed-for-actor',
    });
  });

  it('refuses every event on a closed ticket, even from an admin', () => {
    for (const event of EVENTS) {
      expect(transition(ticketIn('closed'), event, ACTORS.admin)).toMatchObject({ ok: false, code: 'closed' });
    }
  });

  it('never lets the system submit a request', () => {
    expect(transition(null, 'submit', ACTORS.system)).toMatchObject({ ok: false, code: 'not-allowed-for-actor' });
  });

  it('does not treat staff who filed a ticket as its customer: their reply is not a customer_reply', () => {
    const agentsOwnTicket = { status: 'pending' as const, requesterId: 'u-agent' };
    expect(transition(agentsOwnTicket, 'customer_reply', ACTORS.agent)).toMatchObject({
      ok: false,
      code: 'not-allowed-for-actor',
    });
  });
});

describe('availableEvents (the status buttons)', () => {
  const sorted = (events: readonly LifecycleEvent[]) => [...events].sort();

  it('offers an agent on a new ticket open, set pending, hold and solve', () => {
    expect(sorted(availableEvents(ticketIn('new'), ACTORS.agent))).toEqual(
      sorted(['open', 'await_customer', 'hold', 'solve']),
    );
  });

  it('offers an admin on a solved ticket reopen and close', () => {
    expect(sorted(availableEvents(ticketIn('solved'), ACTORS.admin))).toEqual(sorted(['reopen', 'close']));
  });

  it('offers the requester reopen on a solved ticket', () => {
    expect(availableEvents(ticketIn('solved'), ACTORS.requester)).toEqual(['reopen']);
  });

  it('offers the requester solve on an open ticket', () => {
    expect(availableEvents(ticketIn('open'), ACTORS.requester)).toEqual(['solve']);
  });

  it('offers the system only close, and only on a solved ticket', () => {
    expect(availableEvents(ticketIn('solved'), ACTORS.system)).toEqual(['close']);
    expect(availableEvents(ticketIn('open'), ACTORS.system)).toEqual([]);
  });

  it.each(STATUSES.filter((s): s is TicketStatus => s !== 'none'))(
    'offers a customer who is not the requester nothing on a %s ticket',
    (status) => {
      expect(availableEvents(ticketIn(status), ACTORS['other customer'])).toEqual([]);
    },
  );

  it.each(ACTOR_NAMES)('offers %s nothing on a closed ticket', (actor) => {
    expect(availableEvents(ticketIn('closed'), ACTORS[actor])).toEqual([]);
  });

  const buttonCases = STATUSES.filter((s): s is TicketStatus => s !== 'none').flatMap((status) =>
    ACTOR_NAMES.map((actor) => ({ status, actor })),
  );

  it.each(buttonCases)(
    'shows $actor on a $status ticket exactly the allowed moves, never submit or customer_reply',
    ({ status, actor }) => {
      const expected = EVENTS.filter((event) => event !== 'submit' && event !== 'customer_reply').filter(
        (event) => expectedOutcome(status, event, actor).ok,
      );
      const offered = availableEvents(ticketIn(status), ACTORS[actor]);
      expect(sorted(offered)).toEqual(sorted(expected));
      expect(offered).not.toContain('submit');
      expect(offered).not.toContain('customer_reply');
    },
  );
});

describe('eventForReply', () => {
  it.each(['pending', 'on_hold', 'solved'] as const)(
    'turns the requester’s reply on a %s ticket into customer_reply',
    (status) => {
      expect(eventForReply(ticketIn(status), ACTORS.requester)).toBe('customer_reply');
    },
  );

  it.each(['new', 'open'] as const)('leaves a %s ticket as it is when the requester replies', (status) => {
    expect(eventForReply(ticketIn(status), ACTORS.requester)).toBeNull();
  });

  it('fires nothing for a reply on a closed ticket', () => {
    expect(eventForReply(ticketIn('closed'), ACTORS.requester)).toBeNull();
  });

  it('opens a new ticket when an agent or admin replies publicly (the customer is no longer waiting)', () => {
    expect(eventForReply(ticketIn('new'), ACTORS.agent)).toBe('open');
    expect(eventForReply(ticketIn('new'), ACTORS.admin)).toBe('open');
  });

  it.each(['open', 'pending', 'on_hold', 'solved'] as const)(
    'fires nothing when an agent or admin replies on a %s ticket',
    (status) => {
      expect(eventForReply(ticketIn(status), ACTORS.agent)).toBeNull();
      expect(eventForReply(ticketIn(status), ACTORS.admin)).toBeNull();
    },
  );

  it('fires nothing for the system', () => {
    expect(eventForReply(ticketIn('pending'), ACTORS.system)).toBeNull();
  });
});

describe('assignsOnReply', () => {
  const unassigned = (status: TicketStatus) => ({ status, assigneeId: undefined });
  it('takes a new, unassigned ticket for the staff member who replies publicly, when the desk says so', () => {
    expect(assignsOnReply(unassigned('new'), ACTORS.agent, false, true)).toBe(true);
    expect(assignsOnReply(unassigned('new'), ACTORS.admin, false, true)).toBe(true);
  });

  it('does not when the desk turned it off, for a note, for a customer, when assigned, or past new', () => {
    expect(assignsOnReply(unassigned('new'), ACTORS.agent, false, false)).toBe(false);
    expect(assignsOnReply(unassigned('new'), ACTORS.agent, true, true)).toBe(false);
    expect(assignsOnReply(unassigned('new'), ACTORS.requester, false, true)).toBe(false);
    expect(assignsOnReply({ status: 'new', assigneeId: 'a2' }, ACTORS.agent, false, true)).toBe(false);
    for (const status of TICKET_STATUSES.filter((s) => s !== 'new')) {
      expect(assignsOnReply(unassigned(status), ACTORS.agent, false, true)).toBe(false);
    }
    expect(assignsOnReply(unassigned('new'), ACTORS.system, false, true)).toBe(false);
  });
});

describe('isDueForClose', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const MINUTE = 60 * 1000;
  const solvedAt = '2026-03-01T12:00:00.000Z';
  const solvedMs = Date.parse(solvedAt);
  const closeAfterDays = 4;

  it('is due exactly closeAfterDays after the ticket was solved', () => {
    expect(isDueForClose({ status: 'solved', solvedAt }, closeAfterDays, solvedMs + closeAfterDays * DAY)).toBe(true);
  });

  it('is not due a minute before that', () => {
    expect(
      isDueForClose({ status: 'solved', solvedAt }, closeAfterDays, solvedMs + closeAfterDays * DAY - MINUTE),
    ).toBe(false);
  });

  it('stays due long after that', () => {
    expect(isDueForClose({ status: 'solved', solvedAt }, closeAfterDays, solvedMs + 30 * DAY)).toBe(true);
  });

  it.each(['new', 'open', 'pending', 'on_hold', 'closed'] as const)(
    'is never due for a %s ticket, however old its solvedAt',
    (status) => {
      expect(isDueForClose({ status, solvedAt }, closeAfterDays, solvedMs + 365 * DAY)).toBe(false);
    },
  );

  it('is not due for a solved ticket without solvedAt', () => {
    expect(isDueForClose({ status: 'solved' }, closeAfterDays, solvedMs + 365 * DAY)).toBe(false);
  });
});
