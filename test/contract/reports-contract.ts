/**
 * The reports contract (DESIGN §11), for both adapters: after ordinary writes through the port —
 * two requests, a public reply, a solve, a rating, a reopen by the requester's reply — an agent's
 * `reports.read` holds the per-day counters trusted code kept (created, first reply, solved with
 * its SLA outcomes, a reopen taking the solve back out; no ticket id in any day), the backlog per unsolved status and
 * the ratings of the range; a customer is refused. On Firebase `ticketWritten` writes the
 * statistics a moment after each change, so each look polls until it sees them.
 */
import type { Backend } from '@/backend/port/backend';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import { durationBucket, statsCounterKey, type StatsCounter } from '@/domain/reports/day-stats';
import { buildReport, reportRange, type ReportInput, type ReportRange } from '@/domain/reports/report';
import { localDateOf } from '@/domain/sla/business-hours';
import type { DeskSettings, Ticket } from '@/domain/types';
import type { ContractHarness, PartAvailability, TestPerson } from './harness';
import { firstMatch } from './live';

const TEST_TIMEOUT_MS = 60_000;
/** How long trusted code may take to write the statistics after a change (the Functions emulator on 2 cores). */
const STATS_TIMEOUT_MS = 30_000;

/**
 * Reads the report of the last 7 days until `accept` takes what was read.
 * @rejects with the read's own error (a refusal is not retried), or after {@link STATS_TIMEOUT_MS}
 *   with the last input read.
 */
async function eventually(
  backend: Backend,
  range: () => ReportRange,
  accept: (input: ReportInput, range: ReportRange) => boolean,
): Promise<{ input: ReportInput; range: ReportRange }> {
  const deadline = Date.now() + STATS_TIMEOUT_MS;
  for (;;) {
    const current = range();
    const input = await backend.reports.read(current);
    if (accept(input, current)) return { input, range: current };
    if (Date.now() > deadline) {
      throw new Error(`The report did not match within ${STATS_TIMEOUT_MS} ms: ${JSON.stringify(input).slice(0, 800)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Registers the reports contract for one adapter. */
export function describeReportsContract(makeHarness: () => Promise<ContractHarness>, declared: PartAvailability): void {
  if (!declared.run) {
    it.skip(`reports: skipped — ${declared.reason}`, () => undefined);
    return;
  }

  describe('reports contract: per-day statistics kept by trusted code', () => {
    let harness: ContractHarness;
    let agent: TestPerson;
    let customer: TestPerson;
    let zone: string;

    // A harness per test, so that a retried test (the Firebase suite retries once) starts from
    // an empty desk: the backlog and the day's entries are counted exactly.
    beforeEach(async () => {
      harness = await makeHarness();
      [agent, customer] = await Promise.all([harness.newPerson('agent'), harness.newPerson('customer')]);
      const desk = await firstMatch<DeskSettings>(
        (next, fail) => agent.backend.settings.watch(next, fail),
        () => true,
      );
      zone = desk.businessHours.timeZone;
    }, TEST_TIMEOUT_MS);

    afterEach(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    it(
      'counts submissions, a first reply, a solve with its SLA outcomes, the backlog and the ratings; a reopen takes the solve out',
      async () => {
        const lastWeek = () => reportRange(7, Date.now(), zone);
        const solvedOne = await customer.backend.tickets.create({
          subject: 'Reports: printer jams',
          description: 'Every page.',
          priority: 'normal',
          category: 'Technical',
        });
        const waiting = await customer.backend.tickets.create({
          subject: 'Reports: new laptop',
          description: 'When does it come?',
          priority: 'high',
        });
        await agent.backend.messages.add(solvedOne.id, {
          id: `reply-${solvedOne.id}`,
          body: 'A new roller is on its way.',
          internal: false,
        });
        await agent.backend.tickets.transition(solvedOne.id, 'solve');
        await customer.backend.tickets.rate(solvedOne.id, { score: 'good' });
        const answered: Ticket = await agent.backend.tickets.get(solvedOne.id);
        expect(answered).toMatchObject({ status: 'solved', assigneeId: agent.uid });
        const createdDay = localDateOf(Date.parse(solvedOne.createdAt), zone);
        const repliedDay = localDateOf(Date.parse(answered.firstResponseAt ?? ''), zone);
        const solvedDay = localDateOf(Date.parse(answered.solvedAt ?? ''), zone);
        const dayOf = (input: ReportInput, day: string) => input.days.find((stats) => stats.day === day);
        /** The count of one counter on one day (0 when the day or counter is missing). */
        const countOn = (input: ReportInput, day: string, counter: StatsCounter) =>
          dayOf(input, day)?.counts[statsCounterKey(counter)] ?? 0;
        const replyMs = Date.parse(answered.firstResponseAt ?? '') - Date.parse(answered.createdAt);
        const solveMs = Date.parse(answered.solvedAt ?? '') - Date.parse(answered.createdAt);
        const solvedByAgent: StatsCounter = { kind: 'solved.agent', agentId: agent.uid };
        const repliedByAgent: StatsCounter = {
          kind: 'firstReply.agent',
          agentId: agent.uid,
          bucket: durationBucket(replyMs),
        };

        const { input, range } = await eventually(
          agent.backend,
          lastWeek,
          (read) =>
            countOn(read, solvedDay, {
              kind: 'solved.sla',
              priority: 'normal',
              target: 'firstReply',
              outcome: 'met',
            }) === 1 &&
            countOn(read, createdDay, { kind: 'created.priority', priority: 'high' }) === 1 &&
            read.ratings.good === 1,
        );
        expect(range.days.at(-1)).toBe(localDateOf(Date.now(), zone));
        // Counters only: no ticket id is a key of any day (a day's size does not grow with its volume).
        const keys = input.days.flatMap((day) => Object.keys(day.counts));
        expect(keys.some((key) => key.includes(solvedOne.id) || key.includes(waiting.id))).toBe(false);
        expect(dayOf(input, createdDay)?.counts).toMatchObject({
          [statsCounterKey({ kind: 'created.priority', priority: 'normal' })]: 1,
          [statsCounterKey({ kind: 'created.priority', priority: 'high' })]: 1,
          [statsCounterKey({ kind: 'created.category', category: 'Technical' })]: 1,
          [statsCounterKey({ kind: 'created.category', category: null })]: 1,
        });
        expect(countOn(input, repliedDay, { kind: 'firstReply.ms', bucket: durationBucket(replyMs) })).toBe(1);
        expect(countOn(input, repliedDay, repliedByAgent)).toBe(1);
        expect(dayOf(input, repliedDay)?.names[agent.uid]).toBe(agent.displayName);
        // Replied and solved within seconds of submission: both targets met (business or not).
        expect(dayOf(input, solvedDay)?.counts).toMatchObject({
          [statsCounterKey({ kind: 'solved.ms', bucket: durationBucket(solveMs) })]: 1,
          [statsCounterKey(solvedByAgent)]: 1,
          [statsCounterKey({ kind: 'solved.sla', priority: 'normal', target: 'firstReply', outcome: 'met' })]: 1,
          [statsCounterKey({ kind: 'solved.sla', priority: 'normal', target: 'resolution', outcome: 'met' })]: 1,
        });
        expect(input.backlog).toEqual({ new: 1, open: 0, pending: 0, on_hold: 0 });
        expect(input.ratings).toEqual({ good: 1, bad: 0 });
        expect(input.reads).toBeGreaterThanOrEqual(input.days.length);

        const report = buildReport(range, input);
        expect(report.totals).toEqual({ created: 2, solved: 1 });
        expect(report.volume.find((day) => day.day === createdDay)).toMatchObject({ created: 2 });
        expect(report.agents).toEqual([
          {
            agentId: agent.uid,
            agentName: agent.displayName,
            solved: 1,
            firstReplyMs: expect.any(Number),
            firstReplies: 1,
          },
        ]);
        expect(report.csat).toEqual({ good: 1, bad: 0, percent: 100 });

        // The requester writes again: the request reopens, and its solve leaves the statistics.
        await customer.backend.messages.add(solvedOne.id, {
          id: `again-${solvedOne.id}`,
          body: 'It jams again.',
          internal: false,
        });
        await expect(agent.backend.tickets.get(solvedOne.id)).resolves.toMatchObject({ status: 'open' });
        const reopened = await eventually(
          agent.backend,
          lastWeek,
          (read) => countOn(read, solvedDay, solvedByAgent) === 0 && read.backlog.open === 1,
        );
        expect(countOn(reopened.input, solvedDay, { kind: 'solved.ms', bucket: durationBucket(solveMs) })).toBe(0);
        expect(countOn(reopened.input, createdDay, { kind: 'created.priority', priority: 'normal' })).toBe(1);
        expect(countOn(reopened.input, repliedDay, repliedByAgent)).toBe(1);
        expect(reopened.input.backlog).toEqual({ new: 1, open: 1, pending: 0, on_hold: 0 });
        expect(buildReport(reopened.range, reopened.input).totals).toEqual({ created: 2, solved: 0 });
      },
      TEST_TIMEOUT_MS * 2,
    );

    it(
      'counts tickets by the organisation they were filed under (DESIGN §1 "Organisations")',
      async () => {
        const admin = await harness.newPerson('admin');
        const { id } = await admin.backend.users.saveOrganisation({
          organisation: { name: `Reported ${Math.random().toString(36).slice(2, 8)}`, domains: [], notes: '' },
        });
        await admin.backend.users.setOrganisation({ uid: customer.uid, organisationId: id });
        const filed = await customer.backend.tickets.create({
          subject: 'Reports: the office badge reader',
          description: 'It beeps twice.',
          priority: 'normal',
        });
        const day = localDateOf(Date.parse(filed.createdAt), zone);
        const byOrganisation = statsCounterKey({ kind: 'created.organisation', organisationId: id });
        const { input, range } = await eventually(
          agent.backend,
          () => reportRange(7, Date.now(), zone),
          (read) => read.days.find((stats) => stats.day === day)?.counts[byOrganisation] === 1,
        );
        expect(buildReport(range, input).organisations).toEqual([{ key: id, count: 1 }]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'counts tickets by dropdown value, agents-only ones too, and moves the count when a value changes',
      async () => {
        const admin = await harness.newPerson('admin');
        const stem = `r${Math.random().toString(36).slice(2, 8)}`;
        const base = { requiredOnSubmit: false, requiredToSolve: false, archived: false };
        const option = (id: string) => ({ id, label: { en: id }, archived: false });
        const product: CustomFieldDefinition = {
          ...base,
          key: `${stem}_product`,
          type: 'dropdown',
          label: { en: 'Product' },
          visibleTo: 'customers',
          filledBy: 'customers',
          options: [option('kettle'), option('toaster')],
        };
        const tier: CustomFieldDefinition = {
          ...base,
          key: `${stem}_tier`,
          type: 'dropdown',
          label: { en: 'Tier' },
          visibleTo: 'agents',
          filledBy: 'agents',
          options: [option('gold')],
        };
        const stored = await firstMatch<CustomFieldDefinition[]>(
          (next, fail) => admin.backend.settings.watchFields(next, fail),
          () => true,
        );
        await admin.backend.settings.saveFields([...stored, product, tier]);
        for (const backend of [agent.backend, customer.backend]) {
          await firstMatch<CustomFieldDefinition[]>(
            (next, fail) => backend.settings.watchFields(next, fail),
            (fields) => fields.some((field) => field.key === product.key),
          );
        }
        const request = { description: 'It sparks.', priority: 'normal' as const };
        const first = await customer.backend.tickets.create({
          ...request,
          subject: 'Reports: kettle',
          fields: { [product.key]: 'kettle' },
        });
        const second = await customer.backend.tickets.create({
          ...request,
          subject: 'Reports: toaster',
          fields: { [product.key]: 'toaster' },
        });
        await agent.backend.tickets.update(first.id, { fields: { [tier.key]: 'gold' } });
        const day = localDateOf(Date.parse(first.createdAt), zone);
        const lastWeek = () => reportRange(7, Date.now(), zone);
        const count = (input: ReportInput, key: string, value: string) =>
          input.days.find((stats) => stats.day === day)?.counts[
            statsCounterKey({ kind: 'created.field', key, option: value })
          ] ?? 0;
        await eventually(
          agent.backend,
          lastWeek,
          (read) =>
            count(read, product.key, 'kettle') === 1 &&
            count(read, product.key, 'toaster') === 1 &&
            count(read, tier.key, 'gold') === 1,
        );
        // The agent corrects the second request's product, and takes the first one's tier away.
        await agent.backend.tickets.update(second.id, { fields: { [product.key]: 'kettle' } });
        await agent.backend.tickets.update(first.id, { fields: { [tier.key]: null } });
        const moved = await eventually(
          agent.backend,
          lastWeek,
          (read) =>
            count(read, product.key, 'kettle') === 2 &&
            count(read, product.key, 'toaster') === 0 &&
            count(read, tier.key, 'gold') === 0,
        );
        expect(buildReport(moved.range, moved.input).fields).toEqual([
          { key: product.key, options: [{ key: 'kettle', count: 2 }] },
        ]);
      },
      TEST_TIMEOUT_MS * 2,
    );

    it(
      'refuses a customer',
      async () => {
        await expect(customer.backend.reports.read(reportRange(7, Date.now(), zone))).rejects.toMatchObject({
          code: 'permission-denied',
        });
      },
      TEST_TIMEOUT_MS,
    );
  });
}
