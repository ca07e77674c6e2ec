/**
 * The build-time configuration of DESIGN §6 and its validation. Shared by the webpack build
 * (which fails on a bad value) and the app (which names the bad value on its first screen).
 * No `@/` imports here: webpack.config.ts loads this file through ts-node.
 *
 * Plain rules rather than zod: this runs in the first JS every visitor downloads, where zod's
 * core would take a large share of the sign-in route's gzip budget for eleven string checks.
 */

/** One variable's rule: required or optional, and the shape its value must have. */
interface VariableRule {
  name: string;
  required: boolean;
  valid?: (value: string) => boolean;
  problem?: string;
}

const matches = (pattern: RegExp) => (value: string) => pattern.test(value);
const isUrl = (value: string) => {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
};

/** The Firebase variables, in the order they are checked (the first problem is reported). */
const FIREBASE_RULES: readonly VariableRule[] = [
  {
    name: 'FIREBASE_API_KEY',
    required: true,
    valid: matches(/^[A-Za-z0-9_-]{10,}$/),
    problem: 'FIREBASE_API_KEY does not look like a Firebase Web API key.',
  },
  {
    name: 'FIREBASE_AUTH_DOMAIN',
    required: true,
    valid: matches(/^[a-z0-9.-]+$/i),
    problem: 'FIREBASE_AUTH_DOMAIN must be a host name such as my-project.firebaseapp.com.',
  },
  { name: 'FIREBASE_DATABASE_URL', required: false, valid: isUrl, problem: 'FIREBASE_DATABASE_URL must be a URL.' },
  {
    name: 'FIREBASE_PROJECT_ID',
    required: true,
    valid: matches(/^[a-z0-9-]{4,40}$/),
    problem: 'FIREBASE_PROJECT_ID must be lowercase letters, digits and hyphens.',
  },
  { name: 'FIREBASE_STORAGE_BUCKET', required: true },
  {
    name: 'FIREBASE_MESSAGING_SENDER_ID',
    required: true,
    valid: matches(/^\d+$/),
    problem: 'FIREBASE_MESSAGING_SENDER_ID must be digits.',
  },
  {
    name: 'FIREBASE_APP_ID',
    required: true,
    valid: matches(/^\d+:\d+:web:[0-9a-f]+$/),
    problem: 'FIREBASE_APP_ID must look like 1:1234:web:abcd.',
  },
  { name: 'FIREBASE_MEASUREMENT_ID', required: false },
];

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

  const emulators = env.USE_EMULATORS?.trim() ?? '';
  if (emulators !== '' && emulators !== 'true' && emulators !== 'false') {
    throw new ConfigError('USE_EMULATORS', 'USE_EMULATORS must be "true" or "false".');
  }
  const v: Record<string, string> = {};
  for (const rule of FIREBASE_RULES) {
    const value = env[rule.name]?.trim() ?? '';
    if (value === '') {
      if (rule.required) throw new ConfigError(rule.name, `${rule.name} is missing.`);
      continue;
    }
    if (rule.valid && !rule.valid(value))
      throw new ConfigError(rule.name, rule.problem ?? `${rule.name} is not valid.`);
    v[rule.name] = value;
  }
  const required = (name: string) => v[name] ?? '';
  return {
    backend,
    recaptchaSiteKey,
    useEmulators: emulators === 'true',
    firebase: {
      apiKey: required('FIREBASE_API_KEY'),
      authDomain: required('FIREBASE_AUTH_DOMAIN'),
      ...(v.FIREBASE_DATABASE_URL ? { databaseURL: v.FIREBASE_DATABASE_URL } : {}),
      projectId: required('FIREBASE_PROJECT_ID'),
      storageBucket: required('FIREBASE_STORAGE_BUCKET'),
      messagingSenderId: required('FIREBASE_MESSAGING_SENDER_ID'),
      appId: required('FIREBASE_APP_ID'),
      ...(v.FIREBASE_MEASUREMENT_ID ? { measurementId: v.FIREBASE_MEASUREMENT_ID } : {}),
    },
  };
}
