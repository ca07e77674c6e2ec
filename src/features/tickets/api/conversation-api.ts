/**
 * A ticket's conversation as RTK Query endpoints over the backend port: the live messages,
 * adding a public reply or internal note (optionally with a lifecycle event in the same step),
 * and signed URLs for attachments. Mutations resolve with the backend's result or reject with
 * `{ code, message }` (see `friendlyMessage`).
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { AddMessageInput } from '@/backend/port/messages';
import type { Message } from '@/domain/types';

const conversationApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A ticket's conversation, oldest first, live (customers never receive internal notes). */
    watchMessages: build.query<Live<Message[]>, string>(
      liveEndpoint<string, Message[]>((backend, id, onNext, onError) => backend.messages.watch(id, onNext, onError)),
    ),
    /** A signed-in URL for a stored attachment path (only for people who may read it). */
    attachmentUrl: build.query<string, string>({
      query: (path) => (backend) => backend.files.getDownloadUrl(path),
      keepUnusedDataFor: 60,
    }),
    /** Adds a public reply or internal note, optionally firing a lifecycle event in the same step. */
    addMessage: build.mutation<Message, { ticketId: string; input: AddMessageInput }>({
      query:
        ({ ticketId, input }) =>
        (backend) =>
          backend.messages.add(ticketId, input),
    }),
  }),
});

export const { useWatchMessagesQuery, useLazyAttachmentUrlQuery, useAddMessageMutation } = conversationApi;
