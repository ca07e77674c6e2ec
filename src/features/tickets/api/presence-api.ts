/**
 * Collision detection as RTK Query endpoints over the backend port: who of the staff
 * is on a ticket (live, expiring entries), and announcing and leaving it. Mutations reject with
 * `{ code, message }` like every endpoint of the one api.
 */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { PresenceEntry } from '@/backend/port/presence';

const presenceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The staff on a ticket whose entry has not expired, live (the caller included). */
    watchPresence: build.query<Live<PresenceEntry[]>, string>(
      liveEndpoint<string, PresenceEntry[]>((backend, ticketId, onNext, onError) =>
        backend.presence.watch(ticketId, onNext, onError),
      ),
    ),
    /** Marks the signed-in staff member as on the ticket (typing or not) for `ttlMs`; resolves `null`. */
    announcePresence: build.mutation<null, { ticketId: string; typing: boolean; ttlMs: number }>({
      // `null`, not `undefined`: RTK Query takes `{ data: undefined }` for a broken base query.
      query:
        ({ ticketId, typing, ttlMs }) =>
        async (backend) => {
          await backend.presence.announce(ticketId, { typing, ttlMs });
          return null;
        },
    }),
    /** Removes the signed-in person from the ticket at once; resolves `null`. */
    leavePresence: build.mutation<null, string>({
      query: (ticketId) => async (backend) => {
        await backend.presence.leave(ticketId);
        return null;
      },
    }),
  }),
});

export const { useWatchPresenceQuery, useAnnouncePresenceMutation, useLeavePresenceMutation } = presenceApi;
