/**
 * `npm run make-admin -- --email someone@example.com`: makes the first admin (DESIGN §1: only
 * an admin can change a role, so the first one is made outside the app). Sets
 * `users/{uid}.role = 'admin'` and `updatedAt` with the Admin SDK, which the security rules do
 * not apply to. The person must have signed up in the app once (that creates `users/{uid}`).
 *
 * Hosted project — a service account key (Firebase console → Project settings → Service
 * accounts → Generate new private key); the project is `--project`, else the key's own:
 *   GOOGLE_APPLICATION_CREDENTIALS=/path/key.json npm run make-admin -- --email a@b.c [--project my-id]
 * Emulator Suite — `--emulators` (the ports of firebase.json), or FIRESTORE_EMULATOR_HOST and
 * FIREBASE_AUTH_EMULATOR_HOST set (as `firebase emulators:exec` sets them); project demo-triage:
 *   npm run make-admin -- --emulators --email a@b.c
 */
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cert, deleteApp, initializeApp, type App, type AppOptions } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { FieldValue, getFirestore } from 'firebase-admin/firestore';
import { DEMO_PROJECT_ID, EMULATOR_HOST_VARIABLES, isListening, pointAtEmulators } from './seed-firebase';

/** A failure the command explains in one sentence (no stack trace). */
export class MakeAdminError extends Error {}

/** Where the command works: the emulators, or a hosted project through a service account key. */
export type Target = { kind: 'emulators'; projectId: string } | { kind: 'hosted'; projectId: string; keyFile: string };

/**
 * Decides the target from the command line and the environment.
 * @param options.emulators `--emulators` was given.
 * @param options.project `--project`, if given.
 * @param env the environment (`process.env`).
 * @param readKey reads a service account key file's JSON.
 * @throws MakeAdminError when only one emulator variable is set (the other service would be the
 *   hosted one), when there are no credentials, or when the key file is missing or has no
 *   project and none is given.
 */
export function chooseTarget(
  options: { emulators?: boolean; project?: string },
  env: Record<string, string | undefined>,
  readKey: (file: string) => unknown = (file) => JSON.parse(readFileSync(file, 'utf8')),
): Target {
  const auth = env[EMULATOR_HOST_VARIABLES.auth];
  const firestore = env[EMULATOR_HOST_VARIABLES.firestore];
  if (!options.emulators && Boolean(auth) !== Boolean(firestore)) {
    throw new MakeAdminError(
      `Only one of ${EMULATOR_HOST_VARIABLES.auth} and ${EMULATOR_HOST_VARIABLES.firestore} is set: ` +
        'set both to use the emulators (or pass --emulators), or neither for a hosted project.',
    );
  }
  if (options.emulators || (auth && firestore)) {
    return { kind: 'emulators', projectId: options.project ?? env.GCLOUD_PROJECT ?? DEMO_PROJECT_ID };
  }
  const keyFile = env.GOOGLE_APPLICATION_CREDENTIALS;
  if (!keyFile) {
    throw new MakeAdminError(
      'No credentials. For a hosted project, set GOOGLE_APPLICATION_CREDENTIALS to a service account key ' +
        '(Firebase console → Project settings → Service accounts → Generate new private key). ' +
        'For the Emulator Suite, pass --emulators.',
    );
  }
  if (!existsSync(keyFile)) {
    throw new MakeAdminError(`GOOGLE_APPLICATION_CREDENTIALS names ${keyFile}, which does not exist.`);
  }
  const key = readKey(keyFile) as { project_id?: unknown } | null;
  const projectId = options.project ?? (typeof key?.project_id === 'string' ? key.project_id : undefined);
  if (!projectId) throw new MakeAdminError(`${keyFile} names no project: pass --project <project-id>.`);
  return { kind: 'hosted', projectId, keyFile };
}

/** What the command did. */
export interface MakeAdminResult {
  uid: string;
  email: string;
  /** The role before; `admin` means nothing changed. */
  previousRole: string;
}

/**
 * Makes the account with `email` an admin: finds it in Firebase Auth, then sets
 * `users/{uid}.role` to `admin` and `updatedAt` to the server time, in a transaction, unless
 * the profile says admin already.
 * @throws MakeAdminError when there is no such account, or it has no `users/{uid}` profile yet.
 */
export async function makeAdmin(app: App, email: string): Promise<MakeAdminResult> {
  let uid: string;
  try {
    uid = (await getAuth(app).getUserByEmail(email)).uid;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') {
      throw new MakeAdminError(
        `There is no account with the email ${email} in project ${app.options.projectId}. ` +
          'The person must sign up in the app first.',
      );
    }
    throw error;
  }
  const db = getFirestore(app);
  const profile = db.doc(`users/${uid}`);
  const previousRole = await db.runTransaction(async (tx) => {
    const snapshot = await tx.get(profile);
    if (!snapshot.exists) {
      throw new MakeAdminError(
        `${email} has an account (uid ${uid}) but no profile at users/${uid}: ` +
          'they must sign in to the app once, which creates it, and then you run this again.',
      );
    }
    const role = snapshot.get('role');
    const before = typeof role === 'string' ? role : 'none';
    if (before !== 'admin') tx.update(profile, { role: 'admin', updatedAt: FieldValue.serverTimestamp() });
    return before;
  });
  return { uid, email, previousRole };
}

/** Opens the Admin SDK on the target. @throws MakeAdminError when an emulator is not running. */
async function openApp(target: Target): Promise<App> {
  const name = `triage-make-admin-${process.pid}`;
  if (target.kind === 'hosted') {
    const options: AppOptions = { credential: cert(target.keyFile), projectId: target.projectId };
    return initializeApp(options, name);
  }
  const hosts = pointAtEmulators();
  for (const [service, host] of Object.entries(hosts)) {
    if (!(await isListening(host))) {
      throw new MakeAdminError(
        `Cannot reach the ${service} emulator at ${host}: start the Emulator Suite ` +
          '(`npm run dev:firebase`, or `npx firebase emulators:start --project demo-triage`).',
      );
    }
  }
  return initializeApp({ projectId: target.projectId }, name);
}

/** The command line; exit 1 with one sentence on a known failure, 2 on a usage error. */
async function main(): Promise<void> {
  let values: { email?: string; project?: string; emulators?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, project: { type: 'string' }, emulators: { type: 'boolean' } },
      strict: true,
    }));
  } catch (error) {
    console.error(
      `${(error as Error).message}\nUsage: npm run make-admin -- --email <email> [--project <id>] [--emulators]`,
    );
    process.exit(2);
  }
  const email = values.email?.trim().toLowerCase();
  if (!email || !email.includes('@')) {
    console.error('Usage: npm run make-admin -- --email <email> [--project <id>] [--emulators]');
    process.exit(2);
  }
  const target = chooseTarget(values, process.env);
  const app = await openApp(target);
  try {
    const result = await makeAdmin(app, email);
    const where = target.kind === 'emulators' ? `project ${target.projectId} on the emulators` : target.projectId;
    console.log(
      result.previousRole === 'admin'
        ? `${email} (uid ${result.uid}) is already an admin of ${where}; nothing changed.`
        : `${email} (uid ${result.uid}) is now an admin of ${where} (was: ${result.previousRole}).`,
    );
  } finally {
    await deleteApp(app);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof MakeAdminError ? error.message : `make-admin failed: ${String(error)}`);
    process.exit(1);
  });
}
