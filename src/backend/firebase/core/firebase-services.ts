/**
 * Lazy singletons for one Firebase app and its services (DESIGN §5), after Excalidraw's
 * `excalidraw-app/data/firebase.ts` and friendlyeats-web's `src/lib/firebase/`.
 *
 * Only `firebase/app` and `firebase/auth` are imported statically: Firestore and Storage are
 * loaded with `import()` the first time they are needed, so neither is in the first chunk.
 */
import { deleteApp, getApp as findApp, getApps, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, type Auth } from 'firebase/auth';
import type { Functions } from 'firebase/functions';
import type { Firestore } from 'firebase/firestore';
import type { FirebaseStorage } from 'firebase/storage';
import type { AppConfig } from '@/config/config-schema';

/** The Firebase part of a `BACKEND=firebase` configuration. */
export type FirebaseConfig = Extract<AppConfig, { backend: 'firebase' }>;

/** Where an emulator listens. */
export interface EmulatorHost {
  host: string;
  port: number;
}

/** The Emulator Suite's fixed ports, as `firebase.json` declares them. */
const DEFAULT_EMULATOR_HOSTS = {
  auth: { host: '127.0.0.1', port: 9099 },
  firestore: { host: '127.0.0.1', port: 8080 },
  storage: { host: '127.0.0.1', port: 9199 },
  functions: { host: '127.0.0.1', port: 5001 },
} as const satisfies Record<string, EmulatorHost>;

/** The environment variables `firebase emulators:exec` sets for the command it runs. */
const EMULATOR_HOST_VARIABLES = {
  auth: 'FIREBASE_AUTH_EMULATOR_HOST',
  firestore: 'FIRESTORE_EMULATOR_HOST',
  storage: 'FIREBASE_STORAGE_EMULATOR_HOST',
  // firebase-tools sets no variable for the Functions emulator; this one lets a test move it.
  functions: 'FUNCTIONS_EMULATOR_HOST',
} as const;

/** One of the emulated services this adapter talks to. */
export type EmulatedService = keyof typeof DEFAULT_EMULATOR_HOSTS;

/**
 * Parses `host:port` (optionally with an `http://` prefix), as the emulators' variables hold it.
 * @returns the host and port, or `null` when the value is not of that form.
 */
export function parseEmulatorHost(value: string): EmulatorHost | null {
  const match = /^(?:https?:\/\/)?(\[[^\]]+\]|[^:/]+):(\d{1,5})\/?$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return null;
  return { host: match[1], port: Number(match[2]) };
}

/**
 * Where the emulator for a service listens: the `FIREBASE_AUTH_EMULATOR_HOST`-style variable
 * when `process.env` defines it (Node, tests), else the fixed port of `firebase.json`.
 */
export function emulatorHost(service: EmulatedService): EmulatorHost {
  const variable = EMULATOR_HOST_VARIABLES[service];
  const fromEnv = typeof process !== 'undefined' && process.env ? process.env[variable] : undefined;
  return (fromEnv ? parseEmulatorHost(fromEnv) : null) ?? DEFAULT_EMULATOR_HOSTS[service];
}

/** The Firebase app and its services for one backend instance; each is created on first use. */
export interface FirebaseServices {
  /** The Firebase app, initialised once from the configuration. */
  getApp(): FirebaseApp;
  /** Firebase Auth, connected to the Auth emulator when configured. */
  getAuthInstance(): Auth;
  /**
   * Cloud Firestore, loaded on first call. Persistent multi-tab cache where IndexedDB exists
   * (browsers), memory cache elsewhere (Node).
   */
  getFirestoreInstance(): Promise<Firestore>;
  /** Cloud Storage, loaded on first call. */
  getStorageInstance(): Promise<FirebaseStorage>;
  /** Cloud Functions (callable functions), loaded on first call. */
  getFunctionsInstance(): Promise<Functions>;
  /** Deletes the app, stopping Auth, Firestore and Storage (listeners, streams, timers). */
  dispose(): Promise<void>;
}

/**
 * Creates the lazy service holder for one Firebase app.
 * @param config a `BACKEND=firebase` configuration.
 * @param appName the Firebase app name; a separate name gives a separate Auth session (tests
 *   use one per simulated browser tab). Defaults to Firebase's `[DEFAULT]` app.
 */
export function createFirebaseServices(config: FirebaseConfig, appName?: string): FirebaseServices {
  let app: FirebaseApp | null = null;
  let auth: Auth | null = null;
  let firestore: Promise<Firestore> | null = null;
  let storage: Promise<FirebaseStorage> | null = null;
  let functions: Promise<Functions> | null = null;

  function getApp(): FirebaseApp {
    if (app) return app;
    const name = appName ?? '[DEFAULT]';
    // A hot reload may run this module again while the app from the last run still exists.
    const existing = getApps().find((candidate) => candidate.name === name);
    app = existing ? findApp(name) : initializeApp(config.firebase, name);
    return app;
  }

  function getAuthInstance(): Auth {
    if (auth) return auth;
    auth = getAuth(getApp());
    if (config.useEmulators) {
      const { host, port } = emulatorHost('auth');
      connectAuthEmulator(auth, `http://${host}:${port}`, { disableWarnings: true });
    }
    return auth;
  }

  async function loadFirestore(): Promise<Firestore> {
    const {
      initializeFirestore,
      persistentLocalCache,
      persistentMultipleTabManager,
      memoryLocalCache,
      connectFirestoreEmulator,
    } = await import('firebase/firestore');
    const localCache =
      typeof indexedDB !== 'undefined'
        ? persistentLocalCache({ tabManager: persistentMultipleTabManager() })
        : memoryLocalCache();
    const db = initializeFirestore(getApp(), { localCache });
    if (config.useEmulators) {
      const { host, port } = emulatorHost('firestore');
      connectFirestoreEmulator(db, host, port);
    }
    return db;
  }

  async function loadStorage(): Promise<FirebaseStorage> {
    const { getStorage, connectStorageEmulator } = await import('firebase/storage');
    const instance = getStorage(getApp());
    if (config.useEmulators) {
      const { host, port } = emulatorHost('storage');
      connectStorageEmulator(instance, host, port);
    }
    return instance;
  }

  async function loadFunctions(): Promise<Functions> {
    const { getFunctions, connectFunctionsEmulator } = await import('firebase/functions');
    const instance = getFunctions(getApp());
    if (config.useEmulators) {
      const { host, port } = emulatorHost('functions');
      connectFunctionsEmulator(instance, host, port);
    }
    return instance;
  }

  return {
    getApp,
    getAuthInstance,
    getFunctionsInstance() {
      functions ??= loadFunctions().catch((error: unknown) => {
        functions = null;
        throw error;
      });
      return functions;
    },
    getFirestoreInstance() {
      // A failed chunk load is not remembered: the next call tries again.
      firestore ??= loadFirestore().catch((error: unknown) => {
        firestore = null;
        throw error;
      });
      return firestore;
    },
    getStorageInstance() {
      storage ??= loadStorage().catch((error: unknown) => {
        storage = null;
        throw error;
      });
      return storage;
    },
    async dispose() {
      if (!app) return;
      const current = app;
      app = null;
      auth = null;
      firestore = null;
      storage = null;
      await deleteApp(current);
    },
  };
}
