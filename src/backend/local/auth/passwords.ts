/**
 * Password hashing for local accounts: WebCrypto PBKDF2-SHA-256 with a random 16-byte salt.
 * Local mode keeps everything in the person's own browser, so this guards the demo data
 * against casual reading of IndexedDB rather than a stolen server database — but it costs
 * nothing to do it properly.
 */
import { AppError } from '@/domain/errors/errors';

/**
 * PBKDF2 iterations for new password hashes: what OWASP's Password Storage Cheat Sheet asks for
 * PBKDF2-HMAC-SHA-256. A hash stored with fewer is redone at its next sign-in ({@link needsRehash}).
 * Tests pass fewer through the backend's `pbkdf2Iterations` option to stay fast.
 */
export const DEFAULT_PBKDF2_ITERATIONS = 600_000;

/**
 * PBKDF2 iterations for the demo accounts' seeded hashes. Their passwords are printed on the
 * sign-in page, so work spent hashing them protects nothing, and a fresh desk (every first run,
 * every end-to-end test) would wait for six full-cost hashes; each account's hash is raised to
 * the full work factor at its first sign-in ({@link needsRehash}), as every older hash is.
 */
export const DEMO_PBKDF2_ITERATIONS = 1_000;

const SALT_BYTES = 16;
const HASH_BITS = 256;

/** A stored password hash: base64 strings and the work factor used. */
export interface PasswordHash {
  hash: string;
  salt: string;
  iterations: number;
}

function subtleCrypto(): SubtleCrypto {
  // crypto.subtle only exists in secure contexts (https or localhost).
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) {
    throw new AppError('unsupported', 'Local accounts need a secure page (https or localhost) for WebCrypto.');
  }
  return subtle;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const subtle = subtleCrypto();
  const key = await subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/**
 * Hashes a password with a fresh random salt.
 * @param iterations PBKDF2 work factor, ≥ 1.
 * @throws AppError `unsupported` where WebCrypto is unavailable (an insecure page).
 */
export async function hashPassword(password: string, iterations: number): Promise<PasswordHash> {
  const salt = globalThis.crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { hash: toBase64(hash), salt: toBase64(salt), iterations };
}

/**
 * Whether a password matches a stored hash. Compares every byte whatever the first
 * difference, so the time taken says nothing about how close a guess was.
 */
export async function verifyPassword(password: string, stored: PasswordHash): Promise<boolean> {
  const expected = fromBase64(stored.hash);
  const actual = await derive(password, fromBase64(stored.salt), stored.iterations);
  let difference = expected.length ^ actual.length;
  for (let i = 0; i < expected.length; i += 1) difference |= (expected[i] ?? 0) ^ (actual[i] ?? 0);
  return difference === 0;
}

/**
 * Whether a stored hash was made with less work than new hashes get, so it should be redone
 * while the password is at hand (a successful sign-in): the iteration count is stored with each
 * hash so that it can be raised (DESIGN §5).
 * @param iterations the work factor new hashes get.
 */
export function needsRehash(stored: PasswordHash, iterations: number): boolean {
  return stored.iterations < iterations;
}

/**
 * Spends the same work as {@link verifyPassword} on nothing, so that an unknown email takes
 * as long to refuse as a wrong password (the sign-in form must not reveal who has an account).
 */
export async function burnPasswordCheck(password: string, iterations: number): Promise<void> {
  await derive(password, new Uint8Array(SALT_BYTES), iterations);
}
