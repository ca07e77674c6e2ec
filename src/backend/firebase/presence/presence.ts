/**
 * The Firebase {@link PresencePort}: each call loads `firestore-presence.ts` on first use. The
 * local twin is `local/presence/presence.ts`.
 */
import type { PresencePort } from '@/backend/port/presence';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/presence/firestore-presence');

/** The Firebase presence port. */
export function createFirebasePresence(ctx: FirebaseContext): PresencePort {
  return {
    announce: (ticketId, state) =>
      call(async () => (await load()).announcePresence(await ctx.firestore(), ticketId, state)),
    leave: (ticketId) => call(async () => (await load()).leavePresence(await ctx.firestore(), ticketId)),
    watch: (ticketId, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchPresence(await ctx.firestore(), ticketId, next, fail),
      ),
  };
}
