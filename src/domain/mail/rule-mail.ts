/**
 * A trigger's emails (DESIGN §10 "Rule emails"), shared by both backends' trusted code: who each
 * goes to, whether the ticket's limit lets it go, and the email itself in the recipient's
 * language, its template's placeholders filled.
 *
 * Decided:
 * - the requester gets one only at a verified address and while their "request updates" switch
 *   is on; the assignee (as the chain leaves the ticket) only at a verified address; a fixed
 *   address always (an admin typed it);
 * - at most {@link MAX_RULE_EMAILS_PER_TICKET} rule emails per ticket in any
 *   {@link RULE_EMAIL_WINDOW_MS}, counted from the stored `mail` documents of kind `rule-email`;
 *   past it an email is not written and the rule trace says so;
 * - the recipient's language picks the template's translation when it has one, else the main
 *   text; the email's frame (greeting, link, footer) is in their language either way.
 *
 * Light (no composer): the local trigger runs decide in their transaction with it; the drafts are
 * `rule-mail-draft.ts`'s.
 */
import type { MailPerson } from '@/domain/mail/drafts';
import { notificationsOf } from '@/domain/mail/preferences';
import type { TriggerEmailIntent } from '@/domain/plans/triggers';
import { MAX_RULE_EMAILS_PER_TICKET, type EmailRecipient } from '@/domain/triggers';

export { MAX_RULE_EMAILS_PER_TICKET, RULE_EMAIL_WINDOW_MS } from '@/domain/triggers';

/** What became of one of a trigger's emails. */
export type RuleEmailOutcome =
  /** Written to the outgoing mail. */
  | 'written'
  /** The ticket had its {@link MAX_RULE_EMAILS_PER_TICKET} rule emails of the window. */
  | 'rateLimited'
  /** Nobody to write to (no assignee). */
  | 'noRecipient'
  /** The person has not verified their address. */
  | 'unverified'
  /** The requester switched request updates off. */
  | 'optedOut';

/** One email's outcome, for the rule trace. */
export interface RuleEmailDecision {
  triggerId: string;
  /** The trigger's title. */
  trigger: string;
  index: number;
  to: EmailRecipient;
  /** The address written to (or that would have been); `''` when there is none. */
  address: string;
  outcome: RuleEmailOutcome;
}

/** The people a run's emails may go to, read by the adapter. */
export interface RuleEmailPeople {
  requester: MailPerson | null;
  /** The assignee as the chain leaves the ticket; `null` for none. */
  assignee: MailPerson | null;
  /** People with an account, by lowercased address (for fixed addresses; may be empty). */
  byAddress: ReadonlyMap<string, MailPerson>;
}

/** A decision with the person to write to, for {@link draftRuleEmail}. */
export interface RuleEmailPlan {
  decision: RuleEmailDecision;
  intent: TriggerEmailIntent;
  /** The recipient, for a `written` decision. */
  recipient: MailPerson | null;
}

/**
 * Decides each email of a run (see the file's comment), in the run's order.
 * @param sentInWindow the ticket's rule emails already written in the last {@link RULE_EMAIL_WINDOW_MS}.
 */
export function decideRuleEmails(
  intents: readonly TriggerEmailIntent[],
  people: RuleEmailPeople,
  sentInWindow: number,
): RuleEmailPlan[] {
  let left = Math.max(0, MAX_RULE_EMAILS_PER_TICKET - sentInWindow);
  return intents.map((intent) => {
    const { email } = intent;
    const base = { triggerId: intent.triggerId, trigger: intent.trigger, index: intent.index, to: email.to };
    const person =
      email.to === 'requester'
        ? people.requester
        : email.to === 'assignee'
          ? people.assignee
          : (people.byAddress.get(email.address) ?? {
              uid: '',
              email: email.address,
              displayName: email.address,
              role: 'customer' as const,
              emailVerified: true,
            });
    const address = person?.email ?? '';
    const decide = (outcome: RuleEmailOutcome, recipient: MailPerson | null = null): RuleEmailPlan => ({
      decision: { ...base, address, outcome },
      intent,
      recipient,
    });
    if (!person || !person.email) return decide('noRecipient');
    if (email.to !== 'address' && !person.emailVerified) return decide('unverified');
    if (email.to === 'requester' && !notificationsOf(person.notifications).requestUpdates) return decide('optedOut');
    if (left === 0) return decide('rateLimited');
    left -= 1;
    return decide('written', person);
  });
}
