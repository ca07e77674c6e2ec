/**
 * Document ids for the local adapter, shaped like Firestore's (20 characters of
 * `[A-Za-z0-9]`), and the pattern every id crossing the port must match.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomChars(count: number): string {
  // 248 = the largest multiple of 62 below 256, so every character is equally likely.
  let out = '';
  while (out.length < count) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(count * 2))) {
      if (byte < 248 && out.length < count) out += ALPHABET[byte % ALPHABET.length];
    }
  }
  return out;
}

/** A random 20-character id, like Firestore's auto ids. */
export function newId(): string {
  return randomChars(20);
}

let sequence = 0;

/**
 * An id that sorts after every id made earlier in this page, for audit events written in the
 * same millisecond (a solve that also assigns writes two): `at` alone cannot order them.
 * @param at the time of the thing named, ms since the epoch.
 */
export function newSortableId(at: number): string {
  sequence = (sequence + 1) % 36 ** 4;
  const time = Math.max(0, Math.floor(at)).toString(36).padStart(9, '0');
  return `${time}${sequence.toString(36).padStart(4, '0')}${randomChars(7)}`;
}
