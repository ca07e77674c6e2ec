/**
 * Local password hashes (DESIGN §5): PBKDF2-SHA-256 at OWASP's work factor for new hashes, the
 * iteration count stored with each hash, and older hashes still accepted and marked for a redo.
 */
import { DEFAULT_PBKDF2_ITERATIONS, hashPassword, needsRehash, verifyPassword } from '@/backend/local/auth/passwords';

/** The work factor local hashes had before OWASP's figure was adopted. */
const EARLIER_ITERATIONS = 210_000;

describe('local password hashes', () => {
  it('gives new hashes the work factor of OWASP’s Password Storage Cheat Sheet for PBKDF2-HMAC-SHA-256', () => {
    expect(DEFAULT_PBKDF2_ITERATIONS).toBe(600_000);
  });

  it('stores the work factor with the hash and salts each hash afresh', async () => {
    const first = await hashPassword('correct-horse-battery', 1_000);
    const second = await hashPassword('correct-horse-battery', 1_000);
    expect(first.iterations).toBe(1_000);
    expect(atob(first.salt)).toHaveLength(16);
    expect(atob(first.hash)).toHaveLength(32);
    expect(second.salt).not.toBe(first.salt);
    expect(second.hash).not.toBe(first.hash);
  });

  it('still verifies a hash made with the earlier work factor, and marks it for a redo', async () => {
    const stored = await hashPassword('correct-horse-battery', EARLIER_ITERATIONS);
    await expect(verifyPassword('correct-horse-battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct-horse-batterY', stored)).resolves.toBe(false);
    expect(needsRehash(stored, DEFAULT_PBKDF2_ITERATIONS)).toBe(true);
  });

  it('marks for a redo only hashes made with less work than new ones get', () => {
    const at = (iterations: number) => ({ hash: '', salt: '', iterations });
    expect(needsRehash(at(1_000), 2_000)).toBe(true);
    expect(needsRehash(at(2_000), 2_000)).toBe(false);
    expect(needsRehash(at(DEFAULT_PBKDF2_ITERATIONS), DEFAULT_PBKDF2_ITERATIONS)).toBe(false);
    // A hash made with more work than the current default is kept, not weakened.
    expect(needsRehash(at(DEFAULT_PBKDF2_ITERATIONS * 2), DEFAULT_PBKDF2_ITERATIONS)).toBe(false);
  });
});
