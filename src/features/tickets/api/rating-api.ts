/** A ticket's satisfaction rating (CSAT, DESIGN §10) as RTK Query endpoints: live, and the one-time rating. */
import { api, liveEndpoint, type Live } from '@/lib/store/api';
import type { RatingInput, SatisfactionRating } from '@/domain/satisfaction';

const ratingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The ticket's rating, live; `null` while it has none (staff, and the requester). */
    watchRating: build.query<Live<SatisfactionRating | null>, string>(
      liveEndpoint<string, SatisfactionRating | null>((backend, id, onNext, onError) =>
        backend.tickets.watchRating(id, onNext, onError),
      ),
    ),
    /** Rates a solved or closed request, once, as its requester (the port's `tickets.rate` refusals). */
    rateTicket: build.mutation<SatisfactionRating, { id: string } & RatingInput>({
      query:
        ({ id, ...input }) =>
        (backend) =>
          backend.tickets.rate(id, input),
    }),
  }),
});

export const { useWatchRatingQuery, useRateTicketMutation } = ratingApi;
