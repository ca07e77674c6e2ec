/**
 * The local backend's rule emails (DESIGN §10 "Rule emails"): what a trigger run decided to send
 * in its transaction (`decideRuleEmails`), composed and stored after it, as the Cloud Function
 * writes them. Loaded on first use with the mail chunk.
 */
import type { LocalContext } from '@/backend/local/core/context';
import { setupOf, store } from '@/backend/local/mail/mail-store';
import { MAIL_CATALOGUES } from '@/domain/mail/catalogues';
import type { MailPerson } from '@/domain/mail/drafts';
import type { RuleEmailPlan } from '@/domain/mail/rule-mail';
import { draftRuleEmail } from '@/domain/mail/rule-mail-draft';
import type { Ticket } from '@/domain/types';

/**
 * Writes the emails a trigger run decided to send (`decideRuleEmails`, in the run's transaction):
 * each composed in its recipient's language (`draftRuleEmail`), stored once.
 * @param ticket the ticket as the run left it.
 * @param runKey the run's key (its rule trace's id): with the trigger and index, each email's id.
 * @returns how many `mail` documents were written.
 */
export async function writeRuleEmails(
  ctx: Pick<LocalContext, 'db' | 'now'>,
  ticket: Ticket,
  plans: readonly (RuleEmailPlan & { recipient: MailPerson })[],
  runKey: string,
): Promise<number> {
  const setup = await setupOf(ctx);
  const assignee = ticket.assigneeId ? await ctx.db.users.get(ticket.assigneeId) : undefined;
  const context = {
    ticket,
    assigneeName: assignee?.displayName ?? '',
    setup,
    catalogues: MAIL_CATALOGUES,
    now: ctx.now(),
    runKey,
  };
  return store(ctx, await Promise.all(plans.map((plan) => draftRuleEmail(plan, context))));
}
