/**
 * The account contract (DESIGN §9), for both adapters: "Export my data" holds the person's own
 * requests with their public messages only; a password change needs the current password; and
 * "Delete my account" (password first) removes the sign-in and the profile while the tickets stay
 * for the desk with the requester anonymised. On Firebase the deletion is the `deleteAccount`
 * callable function and the search keys are recomputed by the `ticketWritten` trigger after it.
 */
import { DELETED_USER_NAME } from '@/domain/account';
import type { Message, Ticket } from '@/domain/types';
import type { ContractHarness, PartAvailability, TestPerson } from './harness';
import { firstMatch } from './live';

const TEST_TIMEOUT_MS = 40_000;

/** Registers the account contract for one adapter. */
export function describeAccountContract(makeHarness: () => Promise<ContractHarness>, declared: PartAvailability): void {
  if (!declared.run) {
    it.skip(`account: skipped — ${declared.reason}`, () => undefined);
    return;
  }

  describe('account contract: export, password, deletion', () => {
    let harness: ContractHarness;
    let agent: TestPerson;

    beforeAll(async () => {
      harness = await makeHarness();
      agent = await harness.newPerson('agent');
    }, TEST_TIMEOUT_MS);

    afterAll(async () => {
      await harness?.cleanup();
    }, TEST_TIMEOUT_MS);

    it(
      'exports a customer’s own requests with their public messages, and no internal note',
      async () => {
        const [customer, other] = await Promise.all([harness.newPerson('customer'), harness.newPerson('customer')]);
        const mine = await customer.backend.tickets.create({
          subject: 'Export: my printer',
          description: 'Blank pages.',
          priority: 'normal',
        });
        await other.backend.tickets.create({ subject: 'Export: not mine', description: 'Other.', priority: 'low' });
        await agent.backend.messages.add(mine.id, {
          id: `note-${mine.id}`,
          body: 'Internal: warranty over.',
          internal: true,
        });
        await agent.backend.messages.add(mine.id, {
          id: `reply-${mine.id}`,
          body: 'Try a new cartridge.',
          internal: false,
        });

        const exported = JSON.parse(JSON.stringify(await customer.backend.users.exportOwnData())) as Awaited<
          ReturnType<typeof customer.backend.users.exportOwnData>
        >;
        expect(exported).toMatchObject({
          format: 'triage-account-export',
          version: 1,
          profile: { uid: customer.uid, email: customer.email, displayName: customer.displayName },
        });
        expect(exported.requests.map((request) => request.subject)).toEqual(['Export: my printer']);
        const [request] = exported.requests;
        expect(request?.messages.map((message) => [message.from, message.body])).toEqual([
          ['you', 'Blank pages.'],
          ['support', 'Try a new cartridge.'],
        ]);
        expect(JSON.stringify(exported)).not.toContain('warranty');
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'changes a password only with the current one',
      async () => {
        const customer = await harness.newPerson('customer');
        await expect(
          customer.backend.auth.changePassword('not my password', 'a new password 42'),
        ).rejects.toMatchObject({
          code: 'auth/wrong-current-password',
          message: 'That is not your current password. Nothing was changed.',
        });
        await expect(customer.backend.auth.changePassword(customer.password, 'short')).rejects.toMatchObject({
          code: 'invalid-argument',
        });
        await customer.backend.auth.changePassword(customer.password, 'a new password 42');
        const fresh = await harness.newClient();
        await expect(fresh.auth.signIn({ email: customer.email, password: customer.password })).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
        await expect(
          fresh.auth.signIn({ email: customer.email, password: 'a new password 42' }),
        ).resolves.toMatchObject({
          uid: customer.uid,
        });
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'deletes an account after its password, leaving its tickets to the desk with the requester anonymised',
      async () => {
        const customer = await harness.newPerson('customer');
        const ticket = await customer.backend.tickets.create({
          subject: 'Deletion: keep this ticket',
          description: 'Please keep the history.',
          priority: 'normal',
        });
        await agent.backend.messages.add(ticket.id, { id: `del-${ticket.id}`, body: 'Noted.', internal: false });

        await expect(customer.backend.auth.deleteOwnAccount('wrong password')).rejects.toMatchObject({
          code: 'auth/wrong-current-password',
        });
        await expect(agent.backend.users.get(customer.uid)).resolves.toMatchObject({ uid: customer.uid });

        await customer.backend.auth.deleteOwnAccount(customer.password);

        const kept = await firstMatch<Ticket>(
          (next, fail) => agent.backend.tickets.watch(ticket.id, next, fail),
          (value) => value.requesterName === DELETED_USER_NAME,
        );
        expect(kept).toMatchObject({ id: ticket.id, subject: 'Deletion: keep this ticket', requesterId: customer.uid });
        const conversation = await firstMatch<Message[]>(
          (next, fail) => agent.backend.messages.watch(ticket.id, next, fail),
          (messages) => messages.some((message) => message.authorName === DELETED_USER_NAME),
        );
        expect(conversation.map((message) => [message.authorName, message.body])).toEqual([
          [DELETED_USER_NAME, 'Please keep the history.'],
          [agent.displayName, 'Noted.'],
        ]);
        await expect(agent.backend.users.get(customer.uid)).rejects.toMatchObject({ code: 'not-found' });
        const fresh = await harness.newClient();
        await expect(fresh.auth.signIn({ email: customer.email, password: customer.password })).rejects.toMatchObject({
          code: 'auth/invalid-credential',
        });
        // The old email no longer finds the ticket (its search keys were recomputed without it).
        await expect(
          firstMatch<number>(
            (next, fail) => agent.backend.tickets.watchCount({ search: customer.email }, next, fail),
            (count) => count === 0,
          ),
        ).resolves.toBe(0);
      },
      TEST_TIMEOUT_MS,
    );
  });
}
