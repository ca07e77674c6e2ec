/**
 * Client-generated document ids (DESIGN §3: ticket and message ids may come from the client,
 * so a retried write is idempotent).
 */

/** The characters of an id: Firestore's auto-id alphabet. */
export const CLIENT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The length of an id, in characters: Firestore's auto-id length. */
export const CLIENT_ID_LENGTH = 20;

/**
 * Random bytes at or above this are dropped: below it every character of the alphabet has the
 * same number of bytes mapping to it (`byte % 62` over all 256 bytes would favour `A`–`H`).
 */
const FAIR_BYTE_LIMIT = 256 - (256 % CLIENT_ID_ALPHABET.length);

/**
 * A random id of 20 letters and digits, like Firestore's auto-ids (≈119 bits of entropy), from
 * `crypto.getRandomValues`; every character is equally likely at every position (bytes that
 * would bias the mapping are rejected and drawn again).
 */
export function newClientId(): string {
  let id = '';
  while (id.length < CLIENT_ID_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(CLIENT_ID_LENGTH * 2))) {
      if (byte < FAIR_BYTE_LIMIT && id.length < CLIENT_ID_LENGTH)
        id += CLIENT_ID_ALPHABET[byte % CLIENT_ID_ALPHABET.length];
    }
  }
  return id;
}
