/**
 * Document ids for the local adapter, shaped like Firestore's (20 characters of `[A-Za-z0-9]`),
 * drawn with nanoid's `customAlphabet` (every character equally likely).
 */
import { customAlphabet } from 'nanoid';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 20-character id, like Firestore's auto ids. */
export const newId: () => string = customAlphabet(ALPHABET, 20);

/** The random tail of a sortable id: 7 characters of the same alphabet. */
const randomTail = customAlphabet(ALPHABET, 7);

let sequence = 0;

/**
 * An id that sorts after every id made earlier in this page, for audit events written in the
 * same millisecond (a solve that also assigns writes two): `at` alone cannot order them.
 * @param at the time of the thing named, ms since the epoch.
 */
export function newSortableId(at: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = Math.max(0, Math.floor(at)).toString(36).padStart(9, '0');
  return `${time}${sequence.toString(36).padStart(4, '0')}${randomTail()}`;
}
