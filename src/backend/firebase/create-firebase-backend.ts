/**
 * The Firebase adapter of the `Backend` port (DESIGN §3–§5): Firebase Auth, Cloud Firestore and
 * Cloud Storage, or the Emulator Suite when `config.useEmulators`. The build aliases
 * `@backend-adapter` to this file when `BACKEND=firebase`.
 *
 * Only `firebase/app` and `firebase/auth` load with the app: every Firestore and Storage module
 * here is reached through `import()`, so they come in their own chunks on first use.
 */
import type { AppConfig } from '@/config/config-schema';
import { AppError, toErrorShape } from '@/domain/errors';
import type { Backend, ErrorListener, Listener, Unsubscribe } from '@/backend/port';
import { createFirebaseAuth } from '@/backend/firebase/firebase-auth';
import { toAppError } from '@/backend/firebase/firebase-errors';
import { createFirebaseServices, type FirebaseConfig } from '@/backend/firebase/firebase-services';
import { parseAttachmentPath } from '@/backend/firebase/attachment-paths';
import { currentUid, type FirestoreContext } from '@/backend/firebase/firestore-context';
import type { StorageContext } from '@/backend/firebase/storage-files';
import { withBulk } from '@/backend/bulk-tickets';

const loadUsers = () => import('@/backend/firebase/firestore-users');
const loadTickets = () => import('@/backend/firebase/firestore-tickets');
const loadMessages = () => import('@/backend/firebase/firestore-messages');
const loadSettings = () => import('@/backend/firebase/firestore-settings');
const loadFiles = () => import('@/backend/firebase/storage-files');
const loadPresence = () => import('@/backend/firebase/firestore-presence');

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

/** Runs a port call, turning any failure into an {@link AppError}. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * Starts a live subscription whose code and data are loaded asynchronously, and returns its
 * unsubscribe at once. Values stop after unsubscribing; the error listener fires at most once
 * and nothing follows it (as the port promises).
 * @param start receives guarded listeners and resolves with the real unsubscribe.
 */
function watchLazily<T>(
  onNext: Listener<T>,
  onError: ErrorListener,
  start: (next: Listener<T>, fail: ErrorListener) => Promise<Unsubscribe>,
): Unsubscribe {
  let active = true;
  let stop: Unsubscribe | null = null;
  const unsubscribe = () => {
    active = false;
    stop?.();
    stop = null;
  };
  const fail: ErrorListener = (error) => {
    if (!active) return;
    unsubscribe();
    onError(error);
  };
  start((value) => {
    if (active) onNext(value);
  }, fail).then(
    (stopListening) => {
      if (active) stop = stopListening;
      else stopListening();
    },
    (error: unknown) => fail(toErrorShape(toAppError(error))),
  );
  return unsubscribe;
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
    profileTimeoutMs,
  });

  async function context(): Promise<FirestoreContext> {
    return { db: await services.getFirestoreInstance(), auth: services.getAuthInstance() };
  }

  async function storageContext(): Promise<StorageContext> {
    return { storage: await services.getStorageInstance(), auth: services.getAuthInstance() };
  }

  return {
    kind: 'firebase',
    auth,

    users: {
      get: (uid) => call(async () => (await loadUsers()).getUser(await context(), uid)),
      watchAll: (onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadUsers()).watchAllUsers(await context(), next, fail),
        ),
      setRole: (uid, role) => call(async () => (await loadUsers()).setUserRole(await context(), uid, role)),
    },

    tickets: withBulk({
      create: (input) =>
        call(async () => {
          const tickets = await loadTickets();
          const { attachments: claimed } = tickets.checkNewTicket(input);
          const attachments =
            claimed.length > 0 ? await (await loadFiles()).storedAttachments(await storageContext(), claimed) : [];
          return tickets.createTicket(await context(), { ...input, attachments });
        }),
      get: (id) => call(async () => (await loadTickets()).getTicket(await context(), id)),
      watch: (id, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadTickets()).watchTicket(await context(), id, next, fail),
        ),
      watchList: (query, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadTickets()).watchTicketList(await context(), query, next, fail),
        ),
      watchCount: (filter, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadTickets()).watchTicketCount(await context(), filter, next, fail),
        ),
      transition: (id, event, options) =>
        call(async () => (await loadTickets()).transitionTicket(await context(), id, event, options)),
      update: (id, patch, options) =>
        call(async () => (await loadTickets()).updateTicket(await context(), id, patch, options)),
      watchEvents: (id, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadTickets()).watchTicketEvents(await context(), id, next, fail),
        ),
    }),

    messages: {
      watch: (ticketId, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadMessages()).watchMessages(await context(), ticketId, next, fail),
        ),
      add: (ticketId, input) =>
        call(async () => {
          const messages = await loadMessages();
          messages.validateMessage(ticketId, input);
          const claimed = input.attachments ?? [];
          const attachments =
            claimed.length > 0 ? await (await loadFiles()).storedAttachments(await storageContext(), claimed) : [];
          return messages.addMessage(await context(), ticketId, { ...input, attachments });
        }),
    },

    files: {
      uploadAttachment: (ticketId, messageId, file, onProgress, signal) =>
        call(async () => {
          const files = await loadFiles();
          const upload = files.checkUpload(ticketId, messageId, file);
          if (signal?.aborted) throw new AppError('cancelled', 'The upload was cancelled.');
          await (await loadTickets()).assertMayAttach(await context(), ticketId);
          return files.uploadAttachment(await storageContext(), upload, file.data, onProgress, signal);
        }),
      getDownloadUrl: (path) =>
        call(async () => {
          if (!/^[^/]+(\/[^/]+)+$/.test(path)) throw new AppError('not-found', 'There is no such file.');
          const files = await loadFiles();
          const attachment = parseAttachmentPath(path);
          if (attachment) {
            const ctx = await context();
            const access = await (
              await loadMessages()
            ).attachmentAccess(ctx, attachment.ticketId, attachment.messageId);
            if (
              access === 'uploader-only' &&
              (await files.uploaderOf(await storageContext(), path)) !== currentUid(ctx.auth)
            ) {
              throw new AppError('permission-denied', 'You cannot open this file.');
            }
          }
          return files.downloadUrl(await storageContext(), path);
        }),
    },

    settings: {
      watch: (onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadSettings()).watchSettings(await context(), next, fail),
        ),
      save: (settings) => call(async () => (await loadSettings()).saveSettings(await context(), settings)),
      saveCannedReplies: (replies) =>
        call(async () => (await loadSettings()).saveCannedReplies(await context(), replies)),
    },

    presence: {
      announce: (ticketId, state) =>
        call(async () => (await loadPresence()).announcePresence(await context(), ticketId, state)),
      leave: (ticketId) => call(async () => (await loadPresence()).leavePresence(await context(), ticketId)),
      watch: (ticketId, onNext, onError) =>
        watchLazily(onNext, onError, async (next, fail) =>
          (await loadPresence()).watchPresence(await context(), ticketId, next, fail),
        ),
    },

    async dispose() {
      auth.stop();
      await services.dispose();
    },
  };
}
