/**
 * The Firebase {@link TicketsPort} (but for `bulk`, added over it by `withBulk`): each call
 * loads `firestore-tickets.ts` (and, for a request's files, `storage-files.ts`) on first use.
 * The local twin is `local/tickets/tickets.ts`.
 */
import type { TicketsPort } from '@/backend/port/tickets';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/tickets/firestore-tickets');
const loadFiles = () => import('@/backend/firebase/files/storage-files');
const loadRatings = () => import('@/backend/firebase/tickets/firestore-ratings');
const loadFields = () => import('@/backend/firebase/settings/firestore-fields');
const loadMacros = () => import('@/backend/firebase/tickets/firestore-macro-apply');
const loadRuleTraces = () => import('@/backend/firebase/tickets/firestore-rule-traces');
const loadFollowers = () => import('@/backend/firebase/tickets/firestore-followers');

/** The Firebase tickets port. */
export function createFirebaseTickets(ctx: FirebaseContext): Omit<TicketsPort, 'bulk'> {
  return {
    create: (input) =>
      call(async () => {
        const tickets = await load();
        const { attachments: claimed } = tickets.checkNewTicket(input);
        const attachments =
          claimed.length > 0 ? await (await loadFiles()).storedAttachments(await ctx.storage(), claimed) : [];
        return tickets.createTicket(await ctx.firestore(), { ...input, attachments });
      }),
    get: (id) => call(async () => (await load()).getTicket(await ctx.firestore(), id)),
    watch: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchTicket(await ctx.firestore(), id, next, fail),
      ),
    watchList: (query, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchTicketList(await ctx.firestore(), query, next, fail),
      ),
    watchCount: (filter, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchTicketCount(await ctx.firestore(), filter, next, fail),
      ),
    transition: (id, event, options) =>
      call(async () => (await load()).transitionTicket(await ctx.firestore(), id, event, options)),
    update: (id, patch, options) =>
      call(async () => (await load()).updateTicket(await ctx.firestore(), id, patch, options)),
    applyMacro: (id, input) => call(async () => (await loadMacros()).applyMacro(await ctx.firestore(), id, input)),
    watchAgentFields: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadFields()).watchAgentFields(await ctx.firestore(), id, next, fail),
      ),
    rate: (id, input) => call(async () => (await loadRatings()).rateTicket(await ctx.firestore(), id, input)),
    watchRating: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadRatings()).watchRating(await ctx.firestore(), id, next, fail),
      ),
    watchEvents: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchTicketEvents(await ctx.firestore(), id, next, fail),
      ),
    watchRuleTraces: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadRuleTraces()).watchRuleTraces(await ctx.firestore(), id, next, fail),
      ),
    watchFollowers: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await loadFollowers()).watchFollowers(await ctx.firestore(), id, next, fail),
      ),
    setFollowing: (id, following) =>
      call(async () => (await loadFollowers()).setFollowing(await ctx.firestore(), id, following)),
  };
}
