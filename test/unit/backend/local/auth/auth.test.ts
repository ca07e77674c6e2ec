/**
 * The local adapter's sign-in raises an older password hash to the current work factor
 * (DESIGN §5: the iteration count is stored with each hash so it can be raised), the demo
 * accounts' cheaply seeded ones included.
 */
import 'fake-indexeddb/auto';
import { createBackend } from '@/backend/local/create-local-backend';
import { openTriageDb } from '@/backend/local/core/db';
import { createMemoryStorage } from '@/backend/local/auth/session';
import { DEFAULT_PBKDF2_ITERATIONS, DEMO_PBKDF2_ITERATIONS } from '@/backend/local/auth/passwords';
import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';
import type { Backend } from '@/backend/port/backend';

const PASSWORD = 'correct-horse-battery';

/** A client of the local backend on `dbName`, its own browser, hashing new passwords with `iterations` (default: the app's). */
function client(dbName: string, iterations?: number): Backend {
  return createBackend(
    { backend: 'local', recaptchaSiteKey: null },
    {
      dbName,
      seed: false,
      sharedSessionStorage: createMemoryStorage(),
      sessionStorage: createMemoryStorage(),
      automationIntervalMs: 0,
      ...(iterations !== undefined && { pbkdf2Iterations: iterations }),
    },
  );
}

/** A fresh database with one account signed up by a client hashing with `iterations`; its email. */
async function accountHashedWith(iterations: number): Promise<{ dbName: string; email: string }> {
  const dbName = `passwords-${Math.random().toString(36).slice(2)}`;
  const email = `${Math.random().toString(36).slice(2)}@example.com`;
  await client(dbName, iterations).auth.signUp({ displayName: 'Older Olga', email, password: PASSWORD });
  return { dbName, email };
}

/** The stored credential of `email` on `dbName`. */
async function storedCredential(dbName: string, email: string) {
  const db = openTriageDb(dbName);
  try {
    return await db.credentials.get(email);
  } finally {
    db.close();
  }
}

describe('local sign-in and the password work factor', () => {
  it('raises a hash made with fewer iterations at the next successful sign-in, and the password still works', async () => {
    const { dbName, email } = await accountHashedWith(1_000);
    const before = await storedCredential(dbName, email);
    expect(before?.iterations).toBe(1_000);

    const upgraded = client(dbName, 2_000);
    await upgraded.auth.signIn({ email, password: PASSWORD });
    const after = await storedCredential(dbName, email);
    expect(after).toMatchObject({ uid: before?.uid, iterations: 2_000, emailVerified: false });
    expect(after?.hash).not.toBe(before?.hash);
    expect(after?.salt).not.toBe(before?.salt);

    await expect(client(dbName, 2_000).auth.signIn({ email, password: PASSWORD })).resolves.toMatchObject({
      uid: before?.uid,
    });
    await expect(client(dbName, 2_000).auth.signIn({ email, password: 'wrong-horse-battery' })).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
  });

  it('leaves the hash alone after a wrong password, or when it already has the work factor', async () => {
    const { dbName, email } = await accountHashedWith(1_000);
    const before = await storedCredential(dbName, email);
    await expect(client(dbName, 2_000).auth.signIn({ email, password: 'wrong-horse-battery' })).rejects.toMatchObject({
      code: 'auth/invalid-credential',
    });
    await client(dbName, 1_000).auth.signIn({ email, password: PASSWORD });
    // A client asking less than the stored work factor does not weaken it either.
    await client(dbName, 500).auth.signIn({ email, password: PASSWORD });
    expect(await storedCredential(dbName, email)).toEqual(before);
  });

  it('hashes a new password with the app’s default work factor when none is given', async () => {
    const dbName = `passwords-${Math.random().toString(36).slice(2)}`;
    const email = `${Math.random().toString(36).slice(2)}@example.com`;
    await client(dbName).auth.signUp({ displayName: 'New Nadia', email, password: PASSWORD });
    expect((await storedCredential(dbName, email))?.iterations).toBe(DEFAULT_PBKDF2_ITERATIONS);
  });
});

describe('the demo accounts’ passwords', () => {
  it('are seeded at the demo work factor and raised to the app’s at their first sign-in', async () => {
    const dbName = `passwords-${Math.random().toString(36).slice(2)}`;
    const [admin, agent] = DEMO_ACCOUNTS;
    if (!admin || !agent) throw new Error('no demo accounts');
    const desk = createBackend(
      { backend: 'local', recaptchaSiteKey: null },
      {
        dbName,
        sharedSessionStorage: createMemoryStorage(),
        sessionStorage: createMemoryStorage(),
        automationIntervalMs: 0,
      },
    );
    await desk.auth.signIn({ email: admin.email, password: admin.password });
    expect((await storedCredential(dbName, admin.email))?.iterations).toBe(DEFAULT_PBKDF2_ITERATIONS);
    expect((await storedCredential(dbName, agent.email))?.iterations).toBe(DEMO_PBKDF2_ITERATIONS);
    expect(DEMO_PBKDF2_ITERATIONS).toBeLessThan(DEFAULT_PBKDF2_ITERATIONS);
  });
});
