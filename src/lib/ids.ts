/**
 * Client-generated document ids (DESIGN §3: ticket and message ids may come from the client,
 * so a retried write is idempotent).
 */
import { customAlphabet } from 'nanoid';

/** The characters of an id: Firestore's auto-id alphabet. */
export const CLIENT_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** The length of an id, in characters: Firestore's auto-id length. */
export const CLIENT_ID_LENGTH = 20;

/**
 * A random id of 20 letters and digits, like Firestore's auto-ids (≈119 bits of entropy), from
 * `crypto.getRandomValues` through nanoid's `customAlphabet`, which draws every character with
 * the same chance (it masks the random bytes and rejects those outside the alphabet instead of
 * taking them modulo its length).
 */
export const newClientId: () => string = customAlphabet(CLIENT_ID_ALPHABET, CLIENT_ID_LENGTH);
