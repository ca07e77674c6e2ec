/**
 * The build-time configuration of DESIGN §6, as a zod schema. Shared by the webpack build
 * (which fails on a bad value) and the app (which names the bad value on its first screen).
 * No `@/` imports here: webpack.config.ts loads this file through ts-node.
 */
import { z } from 'zod';

const nonEmpty = (name: string) => z.string({ error: `${name} is missing.` }).trim().min(1, `${name} is missing.`);

const firebaseSchema = z.object({
  FIREBASE_API_KEY: nonEmpty('FIREBASE_API_KEY').regex(/^[A-Za-z0-9_-]{10,}$/, 'FIREBASE_API_KEY does not look like a Firebase Web API key.'),
  FIREBASE_AUTH_DOMAIN: nonEmpty('FIREBASE_AUTH_DOMAIN').regex(/^[a-z0-9.-]+$/i, 'FIREBASE_AUTH_DOMAIN must be a host name such as my-project.firebaseapp.com.'),
  FIREBASE_DATABASE_URL: z.string().trim().url('FIREBASE_DATABASE_URL must be a URL.').optional().or(z.literal('')),
  FIREBASE_PROJECT_ID: nonEmpty('FIREBASE_PROJECT_ID').regex(/^[a-z0-9-]{4,40}$/, 'FIREBASE_PROJECT_ID must be lowercase letters, digits and hyphens.'),
  FIREBASE_STORAGE_BUCKET: nonEmpty('FIREBASE_STORAGE_BUCKET'),
  FIREBASE_MESSAGING_SENDER_ID: nonEmpty('FIREBASE_MESSAGING_SENDER_ID').regex(/^\d+$/, 'FIREBASE_MESSAGING_SENDER_ID must be digits.'),
  FIREBASE_APP_ID: nonEmpty('FIREBASE_APP_ID').regex(/^\d+:\d+:web:[0-9a-f]+$/, 'FIREBASE_APP_ID must look like 1:1234:web:abcd.'),
  FIREBASE_MEASUREMENT_ID: z.string().trim().optional().or(z.literal('')),
});

const booleanFlag = (name: string) =>
  z
    .enum(['true', 'false', ''], { error: `${name} must be "true" or "false".` })
    .optional()
    .transform((value) => value === 'true');

/** The raw environment variables, as strings (or absent). */
export type RawEnv = Record<string, string | undefined>;

/** The validated configuration. */
export type AppConfig =
  | { backend: 'local'; recaptchaSiteKey: string | null }
  | {
      backend: 'firebase';
      recaptchaSiteKey: string | null;
      useEmulators: boolean;
      firebase: {
        apiKey: string;
        authDomain: string;
        databaseURL?: string;
        projectId: string;
        storageBucket: string;
        messagingSenderId: string;
        appId: string;
        measurementId?: string;
      };
    };

/** The names of every variable DESIGN §6 defines, as the build passes them to the app. */
export const CONFIG_VARIABLES = [
  'BACKEND',
  'USE_EMULATORS',
  'RECAPTCHA_SITE_KEY',
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_DATABASE_URL',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_STORAGE_BUCKET',
  'FIREBASE_MESSAGING_SENDER_ID',
  'FIREBASE_APP_ID',
  'FIREBASE_MEASUREMENT_ID',
] as const;

/** A configuration problem, naming the variable. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, message: string) {
    super(message);
    this.name = 'ConfigError';
    this.variable = variable;
  }
}

/**
 * Validates the environment (DESIGN §6).
 * @returns the configuration.
 * @throws ConfigError naming the first missing or malformed variable.
 */
export function parseConfig(env: RawEnv): AppConfig {
  const backend = (env.BACKEND ?? '').trim() || 'local';
  if (backend !== 'local' && backend !== 'firebase') {
    throw new ConfigError('BACKEND', `BACKEND must be "local" or "firebase", not "${backend}".`);
  }
  const recaptchaSiteKey = env.RECAPTCHA_SITE_KEY?.trim() || null;
  if (backend === 'local') return { backend, recaptchaSiteKey };

  const emulators = booleanFlag('USE_EMULATORS').safeParse(env.USE_EMULATORS?.trim());
  if (!emulators.success) throw new ConfigError('USE_EMULATORS', 'USE_EMULATORS must be "true" or "false".');
  const parsed = firebaseSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'FIREBASE_*');
    throw new ConfigError(variable, issue?.message ?? `${variable} is not valid.`);
  }
  const v = parsed.data;
  return {
    backend,
    recaptchaSiteKey,
    useEmulators: emulators.data,
    firebase: {
      apiKey: v.FIREBASE_API_KEY,
      authDomain: v.FIREBASE_AUTH_DOMAIN,
      ...(v.FIREBASE_DATABASE_URL ? { databaseURL: v.FIREBASE_DATABASE_URL } : {}),
      projectId: v.FIREBASE_PROJECT_ID,
      storageBucket: v.FIREBASE_STORAGE_BUCKET,
      messagingSenderId: v.FIREBASE_MESSAGING_SENDER_ID,
      appId: v.FIREBASE_APP_ID,
      ...(v.FIREBASE_MEASUREMENT_ID ? { measurementId: v.FIREBASE_MEASUREMENT_ID } : {}),
    },
  };
}
