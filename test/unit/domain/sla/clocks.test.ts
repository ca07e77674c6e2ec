/**
 * SLA clocks (DESIGN §10), `clocks.ts`, on fixed instants. Every expected time below was worked
 * out by hand from the calendar (2026-03-02 is a Monday), with the desk's local time in the comment
 * beside it — none is computed by the code under test.
 */
import { addBusinessMs, businessMsBetween } from '@/domain/sla/business-hours';
import {
  AT_RISK_MS,
  nextSlaClock,
  PAUSING_STATUSES,
  slaClocks,
  slaDueAtOf,
  targetMinutes,
  urgencyOf,
  type SlaClock,
  type SlaTargetName,
  type SlaTicket,
} from '@/domain/sla/clocks';
import { NO_SLA_DUE, type BusinessHours, type SlaPolicy } from '@/domain/types';
import { MIN, HOUR, at, isoOf, nineToFive, UTC_DESK, POLICY, CALENDAR } from '../../../support/sla-desks';

/** Tue 2026-03-03 10:00 UTC: the ticket's submission in most cases below (UTC desk, local = UTC). */
const CREATED = '2026-03-03T10:00:00.000Z';

function ticket(fields: Partial<SlaTicket> = {}): SlaTicket {
  return { status: 'new', createdAt: CREATED, sla: { pauses: [] }, ...fields };
}

function clocksAt(t: SlaTicket, now: string, policy = POLICY, businessHours = UTC_DESK): SlaClock[] {
  return slaClocks(t, { policy, businessHours, now: at(now) });
}

function clockAt(
  t: SlaTicket,
  now: string,
  target: SlaTargetName,
  policy = POLICY,
  businessHours = UTC_DESK,
): SlaClock {
  const clock = clocksAt(t, now, policy, businessHours).find((each) => each.target === target);
  if (!clock) throw new Error(`no ${target} clock`);
  return clock;
}

describe('first reply clock', () => {
  test('running and on track: due 2 business hours after submission', () => {
    // Tue 10:00 + 2 h = Tue 12:00; at 10:30, 90 min left.
    const clock = clockAt(ticket(), '2026-03-03T10:30:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      targetMs: 2 * HOUR,
      startedAt: CREATED,
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: 90 * MIN,
      elapsedMs: 30 * MIN,
      breached: false,
    });
    expect(clock.metAt).toBeUndefined();
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('at risk in its last hour (60 min left counts as at risk)', () => {
    const at11 = clockAt(ticket(), '2026-03-03T11:00:00Z', 'firstReply');
    expect(at11).toMatchObject({ state: 'running', remainingMs: 60 * MIN, breached: false });
    expect(urgencyOf(at11)).toBe('at-risk');
    const at1130 = clockAt(ticket(), '2026-03-03T11:30:00Z', 'firstReply');
    expect(at1130.remainingMs).toBe(30 * MIN);
    expect(urgencyOf(at1130)).toBe('at-risk');
    // One minute before the last hour: on track.
    expect(urgencyOf(clockAt(ticket(), '2026-03-03T10:59:00Z', 'firstReply'))).toBe('on-track');
  });

  test('breached once overdue: remainingMs negative', () => {
    const clock = clockAt(ticket(), '2026-03-03T12:30:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: -30 * MIN,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('overnight: remainingMs is wall-clock time to the due time', () => {
    // Submitted Tue 16:00: 1 h on Tue, 1 h on Wed → due Wed 10:00. At Wed 08:00 (closed) 2 h remain.
    const clock = clockAt(ticket({ createdAt: '2026-03-03T16:00:00.000Z' }), '2026-03-04T08:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'running',
      dueAt: '2026-03-04T10:00:00.000Z',
      remainingMs: 2 * HOUR,
      elapsedMs: HOUR,
      breached: false,
    });
  });

  test('met on time', () => {
    const t = ticket({ status: 'open', firstResponseAt: '2026-03-03T11:00:00.000Z' });
    const clock = clockAt(t, '2026-03-05T12:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T11:00:00.000Z',
      elapsedMs: HOUR,
      remainingMs: HOUR,
      breached: false,
    });
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('met late: state met, breached', () => {
    const t = ticket({ status: 'open', firstResponseAt: '2026-03-03T13:00:00.000Z' });
    const clock = clockAt(t, '2026-03-05T12:00:00Z', 'firstReply');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T13:00:00.000Z',
      dueAt: '2026-03-03T12:00:00.000Z',
      elapsedMs: 3 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('never pauses while pending', () => {
    const t = ticket({ status: 'pending', sla: { pauses: [{ from: '2026-03-03T10:30:00.000Z' }] } });
    expect(clockAt(t, '2026-03-03T11:30:00Z', 'firstReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-03T12:00:00.000Z',
      remainingMs: 30 * MIN,
      elapsedMs: 90 * MIN,
    });
    expect(clockAt(t, '2026-03-03T13:00:00Z', 'firstReply')).toMatchObject({ state: 'running', breached: true });
  });

  test('solved without a reply: stopped, no outcome', () => {
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T11:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-04T15:00:00Z', 'firstReply');
    expect(clock).toMatchObject({ state: 'stopped', elapsedMs: HOUR, remainingMs: HOUR, breached: false });
    expect(clock.metAt).toBeUndefined();
  });

  test('solved without a reply after the due time: stopped and breached', () => {
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-03T13:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T13:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-04T15:00:00Z', 'firstReply')).toMatchObject({
      state: 'stopped',
      dueAt: '2026-03-03T12:00:00.000Z',
      elapsedMs: 3 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
  });
});

describe('resolution clock', () => {
  // 16 h from Tue 10:00: Tue 10–17 (7 h), Wed 09–17 (8 h), Thu 09–10 (1 h) → due Thu 2026-03-05 10:00.
  const DUE = '2026-03-05T10:00:00.000Z';

  test('running from submission', () => {
    expect(clockAt(ticket(), '2026-03-03T12:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      targetMs: 16 * HOUR,
      startedAt: CREATED,
      dueAt: DUE,
      elapsedMs: 2 * HOUR,
      remainingMs: 46 * HOUR, // Tue 12:00 → Thu 10:00
      breached: false,
    });
  });

  test('running at the instant of submission', () => {
    expect(clockAt(ticket(), CREATED, 'resolution')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: 0,
      remainingMs: 48 * HOUR, // Tue 10:00 → Thu 10:00
      breached: false,
    });
  });

  test.each(['pending', 'on_hold'] as const)('paused while %s: no due time, target minus time counted', (status) => {
    const t = ticket({ status, sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z' }] } });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'resolution');
    // Counted Tue 10:00–12:00 only.
    expect(clock).toMatchObject({ state: 'paused', elapsedMs: 2 * HOUR, remainingMs: 14 * HOUR, breached: false });
    expect(clock.dueAt).toBeUndefined();
    expect(urgencyOf(clock)).toBe('on-track');
  });

  test('paused after the due time: breached, due time kept', () => {
    // Pending from Thu 12:00: counted Tue 7 h + Wed 8 h + Thu 09–12 3 h = 18 h.
    const t = ticket({ status: 'pending', sla: { pauses: [{ from: '2026-03-05T12:00:00.000Z' }] } });
    const clock = clockAt(t, '2026-03-06T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'paused',
      dueAt: DUE,
      elapsedMs: 18 * HOUR,
      remainingMs: -2 * HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('resumed after a pause: the due time moves later by exactly the paused business time', () => {
    // Pending Tue 12:00 → Wed 12:00: 5 h (Tue 12–17) + 3 h (Wed 09–12) = 8 h of business time.
    const pause = { from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' };
    expect(businessMsBetween(at(pause.from), at(pause.to), UTC_DESK)).toBe(8 * HOUR);
    const t = ticket({ status: 'open', sla: { pauses: [pause] } });
    // Thu 10:00 + 8 h: Thu 10–17 (7 h), Fri 09–10 (1 h) → Fri 2026-03-06 10:00.
    const moved = '2026-03-06T10:00:00.000Z';
    expect(isoOf(addBusinessMs(at(DUE), 8 * HOUR, UTC_DESK))).toBe(moved);
    // Wed 13:00: counted Tue 10–12 (2 h) + Wed 12–13 (1 h).
    expect(clockAt(t, '2026-03-04T13:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: moved,
      elapsedMs: 3 * HOUR,
      remainingMs: 45 * HOUR, // Wed 13:00 → Fri 10:00
      breached: false,
    });
  });

  test('resumed after a pause, at the instant it resumes: the due time has already moved', () => {
    const t = ticket({
      status: 'open',
      sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-04T12:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-06T10:00:00.000Z', // Fri 10:00, as one minute later
      elapsedMs: 2 * HOUR,
      remainingMs: 46 * HOUR, // Wed 12:00 → Fri 10:00
      breached: false,
    });
  });

  test('met at solve, on time', () => {
    // Solved Wed 10:00: Tue 10–17 (7 h) + Wed 09–10 (1 h) = 8 h.
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-04T10:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-06T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-04T10:00:00.000Z',
      elapsedMs: 8 * HOUR,
      remainingMs: 8 * HOUR,
      breached: false,
    });
  });

  test('met at solve, not counting an earlier pending period', () => {
    // Pending Tue 12:00 → Wed 12:00, solved Thu 12:00: Tue 10–12 (2 h) + Wed 12–17 (5 h) + Thu 09–12 (3 h).
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-05T12:00:00.000Z',
      sla: {
        pauses: [
          { from: '2026-03-03T12:00:00.000Z', to: '2026-03-04T12:00:00.000Z' },
          { from: '2026-03-05T12:00:00.000Z' },
        ],
      },
    });
    expect(clockAt(t, '2026-03-06T12:00:00Z', 'resolution')).toMatchObject({
      state: 'met',
      elapsedMs: 10 * HOUR,
      remainingMs: 6 * HOUR,
      breached: false,
    });
  });

  test('met at solve, late', () => {
    // Solved Fri 12:00: Tue 7 h + Wed 8 h + Thu 8 h + Fri 09–12 3 h = 26 h.
    const t = ticket({
      status: 'solved',
      solvedAt: '2026-03-06T12:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-06T12:00:00.000Z' }] },
    });
    const clock = clockAt(t, '2026-03-09T12:00:00Z', 'resolution');
    expect(clock).toMatchObject({
      state: 'met',
      metAt: '2026-03-06T12:00:00.000Z',
      dueAt: DUE,
      elapsedMs: 26 * HOUR,
      remainingMs: -10 * HOUR,
      breached: true,
    });
    expect(urgencyOf(clock)).toBe('breached');
  });

  test('closed: still met at the solve', () => {
    const t = ticket({
      status: 'closed',
      solvedAt: '2026-03-04T10:00:00.000Z',
      closedAt: '2026-03-09T10:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-10T12:00:00Z', 'resolution')).toMatchObject({
      state: 'met',
      metAt: '2026-03-04T10:00:00.000Z',
      elapsedMs: 8 * HOUR,
    });
  });

  test('reopened after a solve: the solved period is a closed pause and the clock runs on from the time used', () => {
    // Solved Wed 10:00 (8 h used), reopened Thu 10:00: 8 h left from Thu 10:00 → Thu 10–17 (7 h),
    // Fri 09–10 (1 h) → due Fri 2026-03-06 10:00. At Thu 11:00: 9 h counted.
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-04T10:00:00.000Z', to: '2026-03-05T10:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-05T11:00:00Z', 'resolution')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-06T10:00:00.000Z',
      elapsedMs: 9 * HOUR,
      remainingMs: 23 * HOUR, // Thu 11:00 → Fri 10:00
      breached: false,
    });
  });
});

describe('next reply clock', () => {
  const FIRST_REPLY = '2026-03-03T11:00:00.000Z';
  // The requester writes again Tue 14:00: 4 h → Tue 14–17 (3 h), Wed 09–10 (1 h) → due Wed 2026-03-04 10:00.
  const SINCE = '2026-03-03T14:00:00.000Z';
  const DUE = '2026-03-04T10:00:00.000Z';

  const answeredOnce = (fields: Partial<SlaTicket> = {}): SlaTicket =>
    ticket({ status: 'open', firstResponseAt: FIRST_REPLY, ...fields });

  test('absent until a cycle exists', () => {
    const targets = (t: SlaTicket) => clocksAt(t, '2026-03-03T15:00:00Z').map((clock) => clock.target);
    expect(targets(answeredOnce())).toEqual(['firstReply', 'resolution']);
    expect(targets(answeredOnce({ sla: undefined }))).toEqual(['firstReply', 'resolution']);
    expect(targets(answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } }))).toEqual([
      'firstReply',
      'nextReply',
      'resolution',
    ]);
  });

  test('running from `since`', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } });
    const clock = clockAt(t, '2026-03-03T15:00:00Z', 'nextReply');
    expect(clock).toMatchObject({
      state: 'running',
      targetMs: 4 * HOUR,
      startedAt: SINCE,
      dueAt: DUE,
      elapsedMs: HOUR,
      remainingMs: 19 * HOUR, // Tue 15:00 → Wed 10:00
      breached: false,
    });
  });

  test('running at the instant the requester wrote', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE } } });
    expect(clockAt(t, SINCE, 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: 0,
      remainingMs: 20 * HOUR, // Tue 14:00 → Wed 10:00
      breached: false,
    });
  });

  test('pauses that ended before `since` do not count', () => {
    const t = answeredOnce({
      sla: {
        pauses: [{ from: '2026-03-03T11:30:00.000Z', to: '2026-03-03T13:00:00.000Z' }],
        nextReply: { since: SINCE },
      },
    });
    expect(clockAt(t, '2026-03-03T15:00:00Z', 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: DUE,
      elapsedMs: HOUR,
    });
  });

  test('met at `repliedAt`, on time', () => {
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE, repliedAt: '2026-03-03T16:00:00.000Z' } } });
    expect(clockAt(t, '2026-03-05T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'met',
      metAt: '2026-03-03T16:00:00.000Z',
      elapsedMs: 2 * HOUR,
      remainingMs: 2 * HOUR,
      breached: false,
    });
  });

  test('met at `repliedAt`, late', () => {
    // Replied Wed 11:00: Tue 14–17 (3 h) + Wed 09–11 (2 h) = 5 h.
    const t = answeredOnce({ sla: { pauses: [], nextReply: { since: SINCE, repliedAt: '2026-03-04T11:00:00.000Z' } } });
    expect(clockAt(t, '2026-03-05T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'met',
      dueAt: DUE,
      elapsedMs: 5 * HOUR,
      remainingMs: -HOUR,
      breached: true,
    });
  });

  test('paused while pending', () => {
    const t = answeredOnce({
      status: 'pending',
      sla: { pauses: [{ from: '2026-03-03T15:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'nextReply');
    expect(clock).toMatchObject({ state: 'paused', elapsedMs: HOUR, remainingMs: 3 * HOUR, breached: false });
    expect(clock.dueAt).toBeUndefined();
  });

  test('resumed after pending: due later by the paused business time', () => {
    // Pending Tue 15:00 → Wed 11:00 = Tue 15–17 (2 h) + Wed 09–11 (2 h) = 4 h; Wed 10:00 + 4 h = Wed 14:00.
    const t = answeredOnce({
      sla: {
        pauses: [{ from: '2026-03-03T15:00:00.000Z', to: '2026-03-04T11:00:00.000Z' }],
        nextReply: { since: SINCE },
      },
    });
    expect(clockAt(t, '2026-03-04T12:00:00Z', 'nextReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-04T14:00:00.000Z',
      elapsedMs: 2 * HOUR,
      remainingMs: 2 * HOUR,
    });
  });

  test('solved unanswered: stopped', () => {
    const t = answeredOnce({
      status: 'solved',
      solvedAt: '2026-03-03T16:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T16:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const clock = clockAt(t, '2026-03-04T12:00:00Z', 'nextReply');
    expect(clock).toMatchObject({ state: 'stopped', elapsedMs: 2 * HOUR, remainingMs: 2 * HOUR, breached: false });
    expect(clock.metAt).toBeUndefined();
  });
});

describe('calendar-hours policies', () => {
  test('due = start + target, across a weekend', () => {
    // Sat 2026-03-07 23:50 (desk closed): first reply 30 min → Sun 00:20; resolution 4 h → Sun 03:50.
    const t = ticket({ createdAt: '2026-03-07T23:50:00.000Z' });
    const clocks = clocksAt(t, '2026-03-08T00:00:00Z', CALENDAR);
    expect(clocks.find((c) => c.target === 'firstReply')).toMatchObject({
      state: 'running',
      dueAt: '2026-03-08T00:20:00.000Z',
      remainingMs: 20 * MIN,
      elapsedMs: 10 * MIN,
    });
    expect(clocks.find((c) => c.target === 'resolution')).toMatchObject({ dueAt: '2026-03-08T03:50:00.000Z' });
  });

  test('due = start + target, across the Berlin spring-forward night', () => {
    // 2026-03-29T00:30Z = 01:30 CET; + 4 h = 04:30Z = 06:30 CEST (5 h later on the wall clock).
    const t = ticket({ createdAt: '2026-03-29T00:30:00.000Z' });
    expect(clockAt(t, '2026-03-29T01:00:00Z', 'resolution', CALENDAR, nineToFive('Europe/Berlin'))).toMatchObject({
      dueAt: '2026-03-29T04:30:00.000Z',
      remainingMs: 210 * MIN,
    });
  });

  test('a pause moves the due time by its calendar length', () => {
    // Created Sat 23:50, pending Sun 00:00 → 01:00: 10 min used, 230 min left from 01:00 → 04:50.
    const t = ticket({
      status: 'open',
      createdAt: '2026-03-07T23:50:00.000Z',
      sla: { pauses: [{ from: '2026-03-08T00:00:00.000Z', to: '2026-03-08T01:00:00.000Z' }] },
    });
    expect(clockAt(t, '2026-03-08T01:30:00Z', 'resolution', CALENDAR)).toMatchObject({
      state: 'running',
      dueAt: '2026-03-08T04:50:00.000Z',
      elapsedMs: 40 * MIN,
      remainingMs: 200 * MIN,
    });
  });

  test('targetMinutes reads the policy per target', () => {
    expect(targetMinutes(POLICY, 'firstReply')).toBe(120);
    expect(targetMinutes(POLICY, 'nextReply')).toBe(240);
    expect(targetMinutes(POLICY, 'resolution')).toBe(960);
  });
});

describe('next SLA clock and slaDueAt', () => {
  test('picks the running clock that falls due first, whatever the order given', () => {
    // First reply due Tue 12:00, resolution Thu 10:00.
    const clocks = clocksAt(ticket(), '2026-03-03T10:30:00Z');
    expect(nextSlaClock(clocks)?.target).toBe('firstReply');
    expect(nextSlaClock([...clocks].reverse())?.target).toBe('firstReply');
    expect(slaDueAtOf(ticket(), { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T10:30:00Z') })).toBe(
      '2026-03-03T12:00:00.000Z',
    );
  });

  test('an overdue clock comes first', () => {
    const clock = nextSlaClock(clocksAt(ticket(), '2026-03-04T12:00:00Z'));
    expect(clock).toMatchObject({ target: 'firstReply', breached: true, dueAt: '2026-03-03T12:00:00.000Z' });
  });

  test('next reply before resolution, and resolution before next reply', () => {
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [], nextReply: { since: '2026-03-03T14:00:00.000Z' } },
    });
    // Next reply due Wed 10:00, resolution Thu 10:00.
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T15:00:00Z') })).toBe(
      '2026-03-04T10:00:00.000Z',
    );
    // An 8 h resolution (due Wed 10:00) beats a cycle from Tue 16:00 (1 h Tue + 3 h Wed → Wed 12:00).
    const short: SlaPolicy = { ...POLICY, resolutionMinutes: 480 };
    const late = { ...t, sla: { pauses: [], nextReply: { since: '2026-03-03T16:00:00.000Z' } } };
    const clocks = clocksAt(late, '2026-03-03T16:30:00Z', short);
    expect(clocks.find((c) => c.target === 'nextReply')?.dueAt).toBe('2026-03-04T12:00:00.000Z');
    expect(nextSlaClock(clocks)).toMatchObject({ target: 'resolution', dueAt: '2026-03-04T10:00:00.000Z' });
  });

  test('slaDueAt at the instant the requester writes counts the new next-reply cycle', () => {
    // The write that starts the cycle (Tue 14:00): next reply due Wed 10:00, before resolution's Thu 10:00.
    const t = ticket({
      status: 'open',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: { pauses: [], nextReply: { since: '2026-03-03T14:00:00.000Z' } },
    });
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-03T14:00:00Z') })).toBe(
      '2026-03-04T10:00:00.000Z',
    );
  });

  test('none when everything is paused or met: NO_SLA_DUE', () => {
    const t = ticket({
      status: 'pending',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      sla: {
        pauses: [{ from: '2026-03-03T16:00:00.000Z' }],
        nextReply: { since: '2026-03-03T14:00:00.000Z', repliedAt: '2026-03-03T15:00:00.000Z' },
      },
    });
    const clocks = clocksAt(t, '2026-03-04T12:00:00Z');
    expect(clocks.map((clock) => clock.state)).toEqual(['met', 'met', 'paused']);
    expect(nextSlaClock(clocks)).toBeUndefined();
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-04T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('none on a solved ticket: NO_SLA_DUE', () => {
    const t = ticket({
      status: 'solved',
      firstResponseAt: '2026-03-03T11:00:00.000Z',
      solvedAt: '2026-03-03T12:00:00.000Z',
      sla: { pauses: [{ from: '2026-03-03T12:00:00.000Z' }] },
    });
    expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at('2026-03-04T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('a schedule with no open day: clocks run with no due time, nothing falls due', () => {
    const never: BusinessHours = { timeZone: 'UTC', week: {}, holidays: [] };
    const clock = clockAt(ticket(), '2026-03-03T12:00:00Z', 'firstReply', POLICY, never);
    expect(clock).toMatchObject({ state: 'running', remainingMs: Infinity, breached: false, elapsedMs: 0 });
    expect(clock.dueAt).toBeUndefined();
    expect(slaDueAtOf(ticket(), { policy: POLICY, businessHours: never, now: at('2026-03-03T12:00:00Z') })).toBe(
      NO_SLA_DUE,
    );
  });

  test('NO_SLA_DUE sorts after every real time', () => {
    expect(NO_SLA_DUE > '2026-03-03T12:00:00.000Z').toBe(true);
    expect(Date.parse(NO_SLA_DUE)).toBeGreaterThan(at('9999-01-01T00:00:00Z'));
  });

  test('urgencyOf: only a running clock is at risk; breached wins', () => {
    expect(AT_RISK_MS).toBe(HOUR);
    expect(urgencyOf({ state: 'paused', remainingMs: 10 * MIN, breached: false })).toBe('on-track');
    expect(urgencyOf({ state: 'running', remainingMs: HOUR + 1, breached: false })).toBe('on-track');
    expect(urgencyOf({ state: 'running', remainingMs: HOUR, breached: false })).toBe('at-risk');
    expect(urgencyOf({ state: 'running', remainingMs: 0, breached: false })).toBe('at-risk');
    expect(urgencyOf({ state: 'paused', remainingMs: -MIN, breached: true })).toBe('breached');
    expect(urgencyOf({ state: 'met', remainingMs: -MIN, breached: true })).toBe('breached');
  });
});

/**
 * The pause rule, so that a mutant fails: PAUSING_STATUSES without 'pending' or without
 * 'on_hold' makes these clocks run instead of pause, and activeSpans that ignored the recorded
 * pauses would count the paused hours (scripts/check/mutation-sla.mjs proves it).
 */
describe('the pause rule (mutation-sensitive)', () => {
  const FIRST_REPLY = '2026-03-03T11:00:00.000Z';
  const SINCE = '2026-03-03T11:30:00.000Z';
  const PAUSED_AT = '2026-03-03T12:00:00.000Z';

  test('pending, on hold, solved and closed pause; new and open do not', () => {
    expect([...PAUSING_STATUSES].sort()).toEqual(['closed', 'on_hold', 'pending', 'solved']);
  });

  test.each(['pending', 'on_hold'] as const)(
    '%s stops next reply and resolution where the pause began; nothing falls due',
    (status) => {
      const t = ticket({
        status,
        firstResponseAt: FIRST_REPLY,
        sla: { pauses: [{ from: PAUSED_AT }], nextReply: { since: SINCE } },
      });
      const now = '2026-03-05T12:00:00Z'; // two days later
      const byTarget = Object.fromEntries(clocksAt(t, now).map((clock) => [clock.target, clock]));
      expect(byTarget.firstReply).toMatchObject({ state: 'met' });
      // Next reply: Tue 11:30–12:00 only; resolution: Tue 10:00–12:00 only.
      expect(byTarget.nextReply).toMatchObject({ state: 'paused', elapsedMs: 30 * MIN, remainingMs: 210 * MIN });
      expect(byTarget.resolution).toMatchObject({ state: 'paused', elapsedMs: 2 * HOUR, remainingMs: 14 * HOUR });
      expect(byTarget.nextReply?.dueAt).toBeUndefined();
      expect(byTarget.resolution?.dueAt).toBeUndefined();
      expect(slaDueAtOf(t, { policy: POLICY, businessHours: UTC_DESK, now: at(now) })).toBe(NO_SLA_DUE);
    },
  );

  test.each(['new', 'open'] as const)('%s does not pause', (status) => {
    const t = ticket({ status, firstResponseAt: FIRST_REPLY, sla: { pauses: [], nextReply: { since: SINCE } } });
    const states = clocksAt(t, '2026-03-03T13:00:00Z').map((clock) => clock.state);
    expect(states).toEqual(['met', 'running', 'running']);
  });

  test('time inside a recorded pause is never counted', () => {
    // Pending Tue 12:00 → Wed 12:00 (8 business hours); at Wed 13:00, 3 h counted, not 11 h.
    const t = ticket({
      status: 'open',
      firstResponseAt: FIRST_REPLY,
      sla: { pauses: [{ from: PAUSED_AT, to: '2026-03-04T12:00:00.000Z' }], nextReply: { since: SINCE } },
    });
    const byTarget = Object.fromEntries(clocksAt(t, '2026-03-04T13:00:00Z').map((clock) => [clock.target, clock]));
    expect(byTarget.resolution).toMatchObject({ elapsedMs: 3 * HOUR, dueAt: '2026-03-06T10:00:00.000Z' });
    // Next reply: Tue 11:30–12:00 + Wed 12:00–13:00 = 90 min; 150 min left from Wed 13:00 → Wed 15:30.
    expect(byTarget.nextReply).toMatchObject({ elapsedMs: 90 * MIN, dueAt: '2026-03-04T15:30:00.000Z' });
  });
});
