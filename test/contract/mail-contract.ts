/**
 * The mail contract (DESIGN §9), for both adapters: what the trusted code writes to the `mail`
 * collection after ordinary writes through the port — the requester's receipt of a new request,
 * an agent's public reply sent to the requester with its text (and never an internal note), the
 * switches kept on the profile, nothing to an address its owner has not verified, a trigger's
 * emails (DESIGN §10 "Rule emails") — and that only admins read the outgoing mail. On Firebase the
 * Cloud Functions write the mail after the change, so each look waits for it.
 */
import type { Follower } from '@/domain/followers';
import type { OutgoingMail } from '@/domain/mail/mail-document';
import type { RuleTrace } from '@/domain/rule-trace';
import { MAX_RULE_EMAILS_PER_TICKET } from '@/domain/triggers';
import type { DeskSettings } from '@/domain/types';
import { DEFAULT_NOTIFICATIONS } from '@/domain/mail/preferences';
import type { ContractHarness, PartAvailability, TestPerson } from './harness';
import { firstMatch } from './live';

const TEST_TIMEOUT_MS = 30_000;
/** How long trusted code may take to write an email after the change. */
const MAIL_TIMEOUT_MS = 15_000;

/** The admin's outgoing mail once `accept` takes it (rejects naming the kinds seen last). */
function outgoing(admin: TestPerson, accept: (mail: OutgoingMail[]) => boolean): Promise<OutgoingMail[]> {
  return firstMatch<OutgoingMail[]>((next, fail) => admin.backend.mail.watchOutgoing(200, next, fail), accept, {
    timeoutMs: MAIL_TIMEOUT_MS,
    describe: (mail) => (mail ?? []).map((item) => item.kind).join(', '),
  });
}

/**
 * Registers the mail contract for one adapter.
 * @param declared whether Auth, the database (and on Firebase the Functions) are available.
 */
export function describeMailContract(makeHarness: () => Promise<ContractHarness>, declared: PartAvailability): void {
  if (!declared.run) {
    it.skip(`mail: skipped — ${declared.reason}`, () => undefined);
    return;
  }

  describe('mail contract: what trusted code writes to the mail collection', () => {
    let harness: ContractHarness;
    let admin: TestPerson;
    let agent: TestPerson;
    let customer: TestPerson;

    beforeAll(async () => {
      harness = await makeHarness();
      [admin, agent, customer] = await Promise.all([
        harness.newPerson('admin'),
        harness.newPerson('agent'),
        harness.newPerson('customer'),
      ]);
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    it(
      "sends the requester a receipt and an agent's public reply, and never an internal note",
      async () => {
        const ticket = await customer.backend.tickets.create({
          subject: 'Mail contract: printer',
          description: 'It prints blank pages.',
          priority: 'normal',
        });
        const ofTicket = (mail: OutgoingMail[]) => mail.filter((item) => item.ticketId === ticket.id);
        await outgoing(admin, (mail) => ofTicket(mail).some((item) => item.kind === 'request-received'));

        await agent.backend.messages.add(ticket.id, {
          id: `note-${ticket.id}`,
          body: 'Secret: the customer broke it.',
          internal: true,
        });
        await agent.backend.messages.add(ticket.id, {
          id: `reply-${ticket.id}`,
          body: 'Try a new cartridge <b>first</b>.',
          internal: false,
        });
        const mail = ofTicket(
          await outgoing(admin, (list) => ofTicket(list).some((item) => item.kind === 'public-reply')),
        );
        const reply = mail.find((item) => item.kind === 'public-reply');
        expect(reply).toMatchObject({
          to: [customer.email],
          ticketNumber: ticket.number,
          recipientUid: customer.uid,
          message: { subject: `[#${ticket.number}] Mail contract: printer` },
        });
        expect(reply?.message.text).toContain('Try a new cartridge <b>first</b>.');
        expect(reply?.message.html).toContain('Try a new cartridge &lt;b&gt;first&lt;/b&gt;.');
        expect(reply?.replyTo).toMatch(new RegExp(`^reply\\+${ticket.number}-`));
        expect(mail.some((item) => item.message.text.includes('Secret'))).toBe(false);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'emails a follower every message, a note too, and a status change; stops when they unfollow; staff only',
      async () => {
        const follower = await harness.newPerson('agent');
        const ticket = await customer.backend.tickets.create({
          subject: 'Mail contract: followed',
          description: 'Someone please keep an eye on this.',
          priority: 'normal',
        });
        // Following is staff's: a customer may neither follow nor see who does.
        await expect(customer.backend.tickets.setFollowing(ticket.id, true)).rejects.toMatchObject({
          code: 'permission-denied',
        });
        await expect(
          firstMatch(
            (next, fail) => customer.backend.tickets.watchFollowers(ticket.id, next, fail),
            () => true,
          ),
        ).rejects.toMatchObject({ code: 'permission-denied' });
        await expect(follower.backend.tickets.setFollowing('no-such-ticket', true)).rejects.toMatchObject({
          code: 'not-found',
        });
        await follower.backend.tickets.setFollowing(ticket.id, true);
        // Following twice changes nothing.
        await follower.backend.tickets.setFollowing(ticket.id, true);
        const followers = await firstMatch<Follower[]>(
          (next, fail) => agent.backend.tickets.watchFollowers(ticket.id, next, fail),
          (list) => list.length === 1,
        );
        expect(followers).toEqual([
          expect.objectContaining({ ticketId: ticket.id, uid: follower.uid, displayName: follower.displayName }),
        ]);

        await agent.backend.messages.add(ticket.id, {
          id: `followed-note-${ticket.id}`,
          body: 'Internal: the refund is approved.',
          internal: true,
        });
        await agent.backend.tickets.transition(ticket.id, 'hold');
        const ofTicket = (mail: OutgoingMail[]) => mail.filter((item) => item.ticketId === ticket.id);
        const mail = ofTicket(
          await outgoing(admin, (list) => {
            const kinds = ofTicket(list).map((item) => item.kind);
            return kinds.includes('followed-message') && kinds.includes('followed-update');
          }),
        );
        const note = mail.find((item) => item.kind === 'followed-message');
        expect(note).toMatchObject({ to: [follower.email], recipientUid: follower.uid });
        expect(note?.message.text).toContain('added an internal note');
        expect(note?.message.text).toContain('> Internal: the refund is approved.');
        expect(mail.find((item) => item.kind === 'followed-update')?.message.text).toContain('Status: On hold');
        // The requester hears of neither the note nor the follower.
        const toCustomer = mail.filter((item) => item.to.includes(customer.email));
        expect(toCustomer.some((item) => item.message.text.includes('refund is approved'))).toBe(false);

        await follower.backend.tickets.setFollowing(ticket.id, false);
        await firstMatch<Follower[]>(
          (next, fail) => agent.backend.tickets.watchFollowers(ticket.id, next, fail),
          (list) => list.length === 0,
        );
        await agent.backend.messages.add(ticket.id, {
          id: `after-unfollow-${ticket.id}`,
          body: 'Back to you soon.',
          internal: false,
        });
        const later = ofTicket(
          await outgoing(admin, (list) =>
            ofTicket(list).some(
              (item) => item.kind === 'public-reply' && item.message.text.includes('Back to you soon'),
            ),
          ),
        );
        // (On Firebase the description's email can come after the follow: trusted code writes it later.)
        expect(
          later.filter((item) => item.to.includes(follower.email) && item.message.text.includes('Back to you soon')),
        ).toEqual([]);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'signs its emails with the name the admin gave the desk',
      async () => {
        const current = await firstMatch<DeskSettings>(
          (next, fail) => admin.backend.settings.watch(next, fail),
          () => true,
        );
        await admin.backend.settings.save({ ...current, deskName: 'Acme Support' });
        try {
          // The settings are read by trusted code when it writes: wait until the rename is stored.
          await firstMatch<DeskSettings>(
            (next, fail) => customer.backend.settings.watch(next, fail),
            (settings) => settings.deskName === 'Acme Support',
          );
          const ticket = await customer.backend.tickets.create({
            subject: 'Mail contract: the desk’s name',
            description: 'Who is writing to me?',
            priority: 'normal',
          });
          const mail = await outgoing(admin, (list) =>
            list.some((item) => item.ticketId === ticket.id && item.kind === 'request-received'),
          );
          const receipt = mail.find((item) => item.ticketId === ticket.id && item.kind === 'request-received');
          expect(receipt?.message.text).toContain('Acme Support');
          expect(receipt?.message.html).toContain('Acme Support');
        } finally {
          await admin.backend.settings.save(current);
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'sends nothing to an address its owner has not verified, while the desk’s own people still hear of the request',
      async () => {
        // Anyone can sign up with someone else's address (DESIGN §9): no receipt goes there.
        const stranger = await harness.newPerson('customer', { verified: false });
        await agent.backend.users.setOwnNotifications({ ...DEFAULT_NOTIFICATIONS, newUnassigned: true });
        const ticket = await stranger.backend.tickets.create({
          subject: 'Mail contract: not my address',
          description: 'Signed up with a neighbour’s email.',
          priority: 'normal',
        });
        const ofTicket = (mail: OutgoingMail[]) => mail.filter((item) => item.ticketId === ticket.id);
        // The agent's "new unassigned" email comes from the same run that would write the receipt.
        const mail = ofTicket(
          await outgoing(admin, (list) => ofTicket(list).some((item) => item.kind === 'new-unassigned')),
        );
        expect(mail.map((item) => item.kind)).toEqual(['new-unassigned']);
        expect(mail.flatMap((item) => item.to)).toEqual([agent.email]);
        await agent.backend.users.setOwnNotifications(DEFAULT_NOTIFICATIONS);
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'keeps a person’s email switches on their profile',
      async () => {
        const switches = { ...DEFAULT_NOTIFICATIONS, requestUpdates: false, newUnassigned: true };
        await agent.backend.users.setOwnNotifications(switches);
        await expect(agent.backend.users.get(agent.uid)).resolves.toMatchObject({ notifications: switches });
        await expect(
          agent.backend.users.setOwnNotifications({ ...switches, newUnassigned: 'yes' } as never),
        ).rejects.toMatchObject({ code: 'invalid-argument' });
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'sends a trigger’s emails from its template, each in its recipient’s language, traced, and holds them back past the ticket’s limit',
      async () => {
        const word = `mailrule${Date.now().toString(36)}`;
        const id = `mailrule-${Date.now().toString(36)}`;
        await customer.backend.users.setOwnLocale('es');
        await admin.backend.settings.saveTrigger({
          id,
          title: 'Tell everyone',
          active: true,
          order: 1,
          on: ['created', 'updated'],
          all: [{ property: 'subject', operator: 'contains', value: word }],
          any: [],
          actions: {
            assignee: { kind: 'agent', uid: agent.uid },
            emails: [
              {
                to: 'requester',
                address: '',
                subject: 'About {{ticket.subject}}',
                body: 'It is {{ticket.status}}.',
                translations: { es: { subject: 'Sobre {{ticket.subject}}', body: 'Está {{ticket.status}}.' } },
              },
              { to: 'assignee', address: '', subject: 'Yours: #{{ticket.number}}', body: 'See {{ticket.link}}' },
              { to: 'address', address: 'Ops@Example.com', subject: 'Copy', body: 'Priority {{ticket.priority}}' },
            ],
          },
        });
        const traces = (ticketId: string, count: number) =>
          firstMatch<RuleTrace[]>(
            (next, fail) => admin.backend.tickets.watchRuleTraces(ticketId, next, fail),
            (list) => list.length >= count,
            { timeoutMs: MAIL_TIMEOUT_MS },
          );
        try {
          const ticket = await customer.backend.tickets.create({
            subject: `Mail contract: ${word}`,
            description: 'The desk tells everyone.',
            priority: 'normal',
          });
          const ruleMail = (mail: OutgoingMail[]) =>
            mail.filter((item) => item.ticketId === ticket.id && item.kind === 'rule-email');
          const first = ruleMail(await outgoing(admin, (list) => ruleMail(list).length >= 3));
          const to = (address: string) => first.find((item) => item.to[0] === address);
          // The requester reads Spanish: the template's Spanish version, the frame in Spanish too.
          expect(to(customer.email)?.message.subject).toBe(`[#${ticket.number}] Sobre Mail contract: ${word}`);
          expect(to(customer.email)?.message.text).toContain('Está Abierto.');
          expect(to(customer.email)?.message.text).toContain('Este correo lo envió una regla automática');
          expect(to(customer.email)?.replyTo).toBeDefined();
          expect(to(agent.email)?.message.subject).toBe(`[#${ticket.number}] Yours: #${ticket.number}`);
          expect(to(agent.email)?.message.text).toContain(`/desk/tickets/${ticket.id}`);
          expect(to('ops@example.com')?.message.text).toContain('Priority Normal');
          for (const item of first) {
            expect(item.headers).toMatchObject({
              'Auto-Submitted': 'auto-generated',
              'X-Auto-Response-Suppress': 'All',
            });
          }
          const [created] = await traces(ticket.id, 1);
          expect(created?.emails?.map((email) => [email.to, email.outcome])).toEqual([
            ['requester', 'written'],
            ['assignee', 'written'],
            ['address', 'written'],
          ]);
          // Each change fires it again, three emails a time, until the ticket has its limit.
          let runs = 1;
          for (const priority of ['high', 'low', 'urgent'] as const) {
            await agent.backend.tickets.update(ticket.id, { priority });
            runs += 1;
            await traces(ticket.id, runs);
          }
          const [last] = await traces(ticket.id, runs);
          expect(last?.emails?.map((email) => email.outcome)).toEqual(['written', 'rateLimited', 'rateLimited']);
          const all = ruleMail(await outgoing(admin, (list) => ruleMail(list).length >= MAX_RULE_EMAILS_PER_TICKET));
          expect(all).toHaveLength(MAX_RULE_EMAILS_PER_TICKET);
        } finally {
          await admin.backend.settings.deleteTrigger(id);
          await customer.backend.users.setOwnLocale('en');
        }
      },
      4 * TEST_TIMEOUT_MS,
    );

    it(
      'shows the outgoing mail to admins only',
      async () => {
        for (const person of [agent, customer]) {
          await expect(outgoing(person, () => true)).rejects.toMatchObject({ code: 'permission-denied' });
        }
      },
      TEST_TIMEOUT_MS,
    );
  });
}
