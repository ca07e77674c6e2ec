/**
 * The digests of the mail module (DESIGN §9), with Web Crypto only, so that the browser (the
 * local backend) and Node 20 (Cloud Functions) run the same code: HMAC-SHA-256 for reply tokens
 * and the provider's webhook signatures, SHA-256 for the ids of replies by email.
 */

/** Lowercase hex of `bytes` (the first `count` of them when given). */
export function hexOf(bytes: Uint8Array, count = bytes.length): string {
  return [...bytes.slice(0, count)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** HMAC-SHA-256 of `payload` (UTF-8) with `key` (UTF-8): 32 bytes. */
export async function hmacSha256(key: string, payload: string): Promise<Uint8Array> {
  const encoder = new TextEncoder();
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(payload)));
}

/** SHA-256 of `text` (UTF-8): 32 bytes. */
export async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Compares two strings in time that depends on their length only. */
export function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}
