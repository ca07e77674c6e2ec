/**
 * A trigger's emails (DESIGN §10 "Rule emails"), `rule-mail.ts`: who each goes to and the
 * per-ticket limit. The email as written is `rule-mail-draft.test.ts`'s.
 */
import { decideRuleEmails, MAX_RULE_EMAILS_PER_TICKET } from '@/domain/mail/rule-mail';

import { assignee, intent, people, requester } from '../../../support/rule-mail-fixtures';

describe('decideRuleEmails', () => {
  it('writes to the requester, the assignee and a fixed address, each at their address', () => {
    const plans = decideRuleEmails(
      [intent({}), intent({ to: 'assignee' }, 1), intent({ to: 'address', address: 'ops@example.com' }, 2)],
      people,
      0,
    );
    expect(plans.map((plan) => [plan.decision.to, plan.decision.address, plan.decision.outcome])).toEqual([
      ['requester', 'dana@shop.example', 'written'],
      ['assignee', 'priya@desk.example', 'written'],
      ['address', 'ops@example.com', 'written'],
    ]);
    expect(plans[2]?.recipient).toMatchObject({ email: 'ops@example.com', uid: '' });
  });

  it('takes a fixed address’s person when one has an account (their language)', () => {
    const [plan] = decideRuleEmails(
      [intent({ to: 'address', address: 'priya@desk.example' })],
      { ...people, byAddress: new Map([['priya@desk.example', assignee]]) },
      0,
    );
    expect(plan?.recipient).toBe(assignee);
  });

  it.each([
    ['no assignee', { to: 'assignee' as const }, { assignee: null }, 'noRecipient'],
    ['an unverified requester', {}, { requester: { ...requester, emailVerified: false } }, 'unverified'],
    [
      'an unverified assignee',
      { to: 'assignee' as const },
      { assignee: { ...assignee, emailVerified: false } },
      'unverified',
    ],
    [
      'a requester who switched request updates off',
      {},
      { requester: { ...requester, notifications: { requestUpdates: false } } },
      'optedOut',
    ],
  ])('writes nothing for %s, and says why', (_name, email, over, outcome) => {
    const [plan] = decideRuleEmails([intent(email)], { ...people, ...over }, 0);
    expect(plan?.decision.outcome).toBe(outcome);
    expect(plan?.recipient).toBeNull();
  });

  it(`holds back what would pass ${MAX_RULE_EMAILS_PER_TICKET} rule emails for the ticket in the window`, () => {
    const plans = decideRuleEmails(
      [intent({ to: 'assignee' }), intent({}, 1), intent({ to: 'assignee' }, 2)],
      people,
      MAX_RULE_EMAILS_PER_TICKET - 1,
    );
    expect(plans.map((plan) => plan.decision.outcome)).toEqual(['written', 'rateLimited', 'rateLimited']);
    expect(
      decideRuleEmails([intent({})], people, MAX_RULE_EMAILS_PER_TICKET + 5).map((plan) => plan.decision.outcome),
    ).toEqual(['rateLimited']);
  });

  it('counts only what is written: an unverified address does not use the allowance', () => {
    const plans = decideRuleEmails(
      [intent({}), intent({ to: 'assignee' }, 1)],
      { ...people, requester: { ...requester, emailVerified: false } },
      MAX_RULE_EMAILS_PER_TICKET - 1,
    );
    expect(plans.map((plan) => plan.decision.outcome)).toEqual(['unverified', 'written']);
  });
});
