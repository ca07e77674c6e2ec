/**
 * The Firebase {@link MessagesPort}: each call loads `firestore-messages.ts` (and, for files,
 * `storage-files.ts`) on first use. The local twin is `local/messages/messages.ts`.
 */
import type { MessagesPort } from '@/backend/port/messages';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/messages/firestore-messages');
const loadFiles = () => import('@/backend/firebase/files/storage-files');

/** The Firebase messages port. */
export function createFirebaseMessages(ctx: FirebaseContext): MessagesPort {
  return {
    watch: (ticketId, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchMessages(await ctx.firestore(), ticketId, next, fail),
      ),
    add: (ticketId, input) =>
      call(async () => {
        const messages = await load();
        messages.validateMessage(ticketId, input);
        const claimed = input.attachments ?? [];
        const attachments =
          claimed.length > 0 ? await (await loadFiles()).storedAttachments(await ctx.storage(), claimed) : [];
        return messages.addMessage(await ctx.firestore(), ticketId, { ...input, attachments });
      }),
  };
}
