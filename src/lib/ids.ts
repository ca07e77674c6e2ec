/**
 * Client-generated document ids (DESIGN §3: ticket and message ids may come from the client,
 * so a retried write is idempotent).
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random id of 20 letters and digits, like Firestore's auto-ids (≈119 bits of entropy),
 * from `crypto.getRandomValues`.
 */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
