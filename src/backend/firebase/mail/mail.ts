/**
 * The Firebase {@link MailPort}: the list loads `firestore-mail.ts` on first use. Reply by email
 * comes from the mail provider's webhook (functions/), so it cannot be simulated from here. The
 * local twin is `local/mail/mail.ts`.
 */
import type { MailPort } from '@/backend/port/mail';
import { watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';
import { AppError } from '@/domain/errors/errors';

const load = () => import('@/backend/firebase/mail/firestore-mail');

/** The Firebase mail port. */
export function createFirebaseMail(ctx: FirebaseContext): MailPort {
  return {
    canSimulateInbound: false,
    watchOutgoing: (count, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchOutgoingMail(await ctx.firestore(), count, next, fail),
      ),
    simulateInbound: () =>
      Promise.reject(
        new AppError('unsupported', 'On Firebase, replies by email come from the mail provider’s webhook.'),
      ),
  };
}
