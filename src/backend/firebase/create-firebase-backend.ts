/**
 * The Firebase adapter of the `Backend` port (DESIGN §3–§5): Firebase Auth, Cloud Firestore and
 * Cloud Storage, or the Emulator Suite when `config.useEmulators`. The build aliases
 * `@backend-adapter` to this file when `BACKEND=firebase`.
 *
 * Only `firebase/app` and `firebase/auth` load with the app: every Firestore and Storage module
 * here is reached through `import()`, so they come in their own chunks on first use.
 */
import type { AppConfig } from '@/config/config-schema';
import type { Backend } from '@/backend/port/backend';
import { withBulk } from '@/backend/shared/bulk-tickets';
import { createFirebaseAuth } from '@/backend/firebase/auth/auth';
import type { FirebaseContext } from '@/backend/firebase/core/context';
import { createFirebaseFiles } from '@/backend/firebase/files/files';
import { createFirebaseServices, type FirebaseConfig } from '@/backend/firebase/core/firebase-services';
import { createFirebaseMessages } from '@/backend/firebase/messages/messages';
import { createFirebaseMail } from '@/backend/firebase/mail/mail';
import { createFirebaseReports } from '@/backend/firebase/reports/reports';
import { createFirebasePresence } from '@/backend/firebase/presence/presence';
import { createFirebaseSettings } from '@/backend/firebase/settings/settings';
import { createFirebaseTickets } from '@/backend/firebase/tickets/tickets';
import { createFirebaseUsers } from '@/backend/firebase/users/users';

/** How long the session waits for the profile before reporting `profileUnavailable`, in ms. */
export const DEFAULT_PROFILE_TIMEOUT_MS = 10_000;

/** Options the app does not pass, for tests and tools. */
export interface FirebaseBackendOptions {
  /** Milliseconds to wait for `users/{uid}` before `profileUnavailable` / `unavailable`. Default 10 000. */
  profileTimeoutMs?: number;
  /** Firebase app name; a distinct name is a distinct Auth session (one per simulated tab). */
  appName?: string;
}

/** The Firebase backend, with a way to shut it down. */
export interface FirebaseBackend extends Backend {
  readonly kind: 'firebase';
  /** Stops every listener and deletes the Firebase app (Auth, Firestore, Storage). */
  dispose(): Promise<void>;
}

function firebaseConfigOf(config: AppConfig): FirebaseConfig {
  if (config.backend !== 'firebase') {
    throw new Error(
      `createBackend (Firebase adapter) needs BACKEND=firebase, but the configuration says "${config.backend}". ` +
        'Build with BACKEND=firebase, or use the local adapter.',
    );
  }
  return config;
}

/**
 * Creates the Firebase backend.
 * @param config the validated configuration; must be `backend: 'firebase'`.
 * @param options `profileTimeoutMs` (default 10 000 ms) and `appName` (tests); the app passes none.
 * @returns the backend; nothing connects until the first call.
 * @throws Error when `config.backend` is not `firebase`.
 */
export function createBackend(config: AppConfig, options: FirebaseBackendOptions = {}): FirebaseBackend {
  const services = createFirebaseServices(firebaseConfigOf(config), options.appName);
  const profileTimeoutMs = options.profileTimeoutMs ?? DEFAULT_PROFILE_TIMEOUT_MS;
  const auth = createFirebaseAuth({
    getAuth: services.getAuthInstance,
    getFirestore: services.getFirestoreInstance,
    getFunctions: services.getFunctionsInstance,
    profileTimeoutMs,
  });

  const ctx: FirebaseContext = {
    firestore: async () => ({ db: await services.getFirestoreInstance(), auth: services.getAuthInstance() }),
    storage: async () => ({ storage: await services.getStorageInstance(), auth: services.getAuthInstance() }),
    functions: services.getFunctionsInstance,
  };

  return {
    kind: 'firebase',
    auth,
    users: createFirebaseUsers(ctx),
    tickets: withBulk(createFirebaseTickets(ctx)),
    messages: createFirebaseMessages(ctx),
    files: createFirebaseFiles(ctx),
    settings: createFirebaseSettings(ctx),
    presence: createFirebasePresence(ctx),
    mail: createFirebaseMail(ctx),
    reports: createFirebaseReports(ctx),

    async dispose() {
      auth.stop();
      await services.dispose();
    },
  };
}
