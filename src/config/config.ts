/**
 * The app's configuration, read once from the build-time environment (DESIGN §6) and
 * validated. Webpack's DefinePlugin replaces each `process.env.NAME` below with its value.
 */
import { parseConfig, type AppConfig, type ConfigError, type RawEnv } from '@/config/config-schema';

/** The result of reading the configuration: usable, or the error naming the bad variable. */
export type ConfigResult = { ok: true; config: AppConfig } | { ok: false; error: ConfigError };

function readEnv(): RawEnv {
  // Each access is spelled out so DefinePlugin can replace it; no dynamic lookups.
  return {
    BACKEND: process.env.BACKEND,
    USE_EMULATORS: process.env.USE_EMULATORS,
    RECAPTCHA_SITE_KEY: process.env.RECAPTCHA_SITE_KEY,
    FIREBASE_API_KEY: process.env.FIREBASE_API_KEY,
    FIREBASE_AUTH_DOMAIN: process.env.FIREBASE_AUTH_DOMAIN,
    FIREBASE_DATABASE_URL: process.env.FIREBASE_DATABASE_URL,
    FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID,
    FIREBASE_STORAGE_BUCKET: process.env.FIREBASE_STORAGE_BUCKET,
    FIREBASE_MESSAGING_SENDER_ID: process.env.FIREBASE_MESSAGING_SENDER_ID,
    FIREBASE_APP_ID: process.env.FIREBASE_APP_ID,
    FIREBASE_MEASUREMENT_ID: process.env.FIREBASE_MEASUREMENT_ID,
  };
}

/**
 * Reads and validates the configuration.
 * @returns `{ ok: true, config }`, or `{ ok: false, error }` where `error.variable` names the
 *   missing or malformed variable (the first screen shows it; never a blank page).
 */
export function loadConfig(env: RawEnv = readEnv()): ConfigResult {
  try {
    return { ok: true, config: parseConfig(env) };
  } catch (error) {
    if (error instanceof Error && 'variable' in error) return { ok: false, error: error as ConfigError };
    throw error;
  }
}

let cached: ConfigResult | null = null;

/** The configuration read once for the whole app (memoised {@link loadConfig}). */
export function appConfig(): ConfigResult {
  cached ??= loadConfig();
  return cached;
}

/** The reCAPTCHA v2 site key, or null when abuse protection is not configured (DESIGN §7). */
export function recaptchaSiteKey(): string | null {
  const result = appConfig();
  return result.ok ? result.config.recaptchaSiteKey : null;
}
