/**
 * The one way screens run an RTK Query mutation and learn how it went: an {@link Outcome}
 * that never throws, and {@link useMutationFeedback} for the common case of saying so in a
 * toast. Errors are always the plain `{ code, message }` of the base query (DESIGN §5), read
 * in the reader's language (`useFriendlyMessage`, DESIGN §8).
 */
import { useCallback } from 'react';
import App from 'antd/es/app';
import { toErrorShape, type ErrorShape } from '@/domain/errors/errors';
import { useFriendlyMessage } from '@/lib/i18n/labels';

/** How a mutation ended: its data, or the refusal as `{ code, message }`. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: ErrorShape };

/** What a mutation trigger returns (RTK Query's `MutationActionCreatorResult`, structurally). */
export interface PendingMutation<T> {
  unwrap(): Promise<T>;
}

/**
 * Waits for a mutation.
 * @param pending the result of calling a mutation trigger, e.g. `updateTicket({ id, patch })`.
 * @returns `{ ok: true, data }` or `{ ok: false, error }` — never rejects.
 */
export async function outcomeOf<T>(pending: PendingMutation<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, data: await pending.unwrap() };
  } catch (error) {
    return { ok: false, error: toErrorShape(error) };
  }
}

/** What {@link useMutationFeedback}'s runner says on success: a sentence, or one made from the data. */
export type SuccessText<T> = string | ((data: T) => string);

/**
 * A runner that waits for a mutation ({@link outcomeOf}) and says how it went in antd's themed
 * `message`: the success text when given, else nothing; on failure the error's sentence.
 * Must be used under antd's `<App>`.
 * @returns `(pending, success?) => Promise<Outcome<T>>`.
 */
export function useMutationFeedback() {
  const { message } = App.useApp();
  const friendlyMessage = useFriendlyMessage();
  return useCallback(
    async <T>(pending: PendingMutation<T>, success?: SuccessText<T>): Promise<Outcome<T>> => {
      const outcome = await outcomeOf(pending);
      if (!outcome.ok) void message.error(friendlyMessage(outcome.error));
      else if (success !== undefined)
        void message.success(typeof success === 'string' ? success : success(outcome.data));
      return outcome;
    },
    [message, friendlyMessage],
  );
}
