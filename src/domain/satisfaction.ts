/**
 * Satisfaction ratings (CSAT, DESIGN §10): once a request is solved, its requester may rate it
 * good or bad, with an optional comment — once, only their own, only while solved or closed.
 * Both backends plan a rating here; the Firestore rules hold the same (`ratings/{ticketId}`).
 */
import { z } from 'zod/mini';
import { refusals } from '@/domain/errors/refusals';
import type { IsoDateTime, Ticket, TicketStatus, UserProfile } from '@/domain/types';

/** The two answers to "How did we do?". */
export const SATISFACTION_SCORES = ['good', 'bad'] as const;
/** One of {@link SATISFACTION_SCORES}. */
export type SatisfactionScore = (typeof SATISFACTION_SCORES)[number];

/** Longest comment with a rating, in characters. */
export const MAX_RATING_COMMENT = 1000;

/** `ratings/{ticketId}`: the requester's rating of a solved request (one per ticket). */
export interface SatisfactionRating {
  ticketId: string;
  requesterId: string;
  score: SatisfactionScore;
  /** What the requester wrote with it; absent when nothing. */
  comment?: string;
  createdAt: IsoDateTime;
}

/** What a requester sends: a score, and a comment of at most {@link MAX_RATING_COMMENT} characters (trimmed). */
export const ratingInputSchema = z.object({
  score: z.enum(SATISFACTION_SCORES, { error: 'Choose good or bad.' }),
  comment: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_RATING_COMMENT, 'A comment has at most 1000 characters.')),
  ),
});
/** A rating as sent, validated. */
export type RatingInput = z.infer<typeof ratingInputSchema>;

/** Statuses in which a request may be rated. */
export const RATABLE_STATUSES: readonly TicketStatus[] = ['solved', 'closed'];

/**
 * The rating to store, or the refusal (DESIGN §10).
 * @param ticket the ticket as read (the caller has checked it exists and may be read).
 * @param existing the rating already stored for it, if any.
 * @param at the time of the rating (ISO-8601 UTC).
 * @throws AppError `permission-denied` (not the requester), `failed-precondition` (not solved
 *   or closed), `already-exists` (rated before).
 */
export function planRating(
  ticket: Pick<Ticket, 'id' | 'requesterId' | 'status'>,
  rater: Pick<UserProfile, 'uid'>,
  input: RatingInput,
  existing: SatisfactionRating | null | undefined,
  at: IsoDateTime,
): SatisfactionRating {
  if (ticket.requesterId !== rater.uid) throw refusals.ratingNotYours();
  if (!RATABLE_STATUSES.includes(ticket.status)) throw refusals.ratingNotSolved();
  if (existing) throw refusals.alreadyRated();
  const comment = input.comment?.trim();
  return {
    ticketId: ticket.id,
    requesterId: rater.uid,
    score: input.score,
    ...(comment ? { comment } : {}),
    createdAt: at,
  };
}
