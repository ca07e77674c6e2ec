/**
 * Picks the backend adapter. `@backend-adapter` is a build-time alias (webpack.config.ts,
 * `BACKEND=local|firebase`), so only the chosen adapter is in the bundle.
 */
import type { AppConfig } from '@/app/config-schema';
import type { Backend } from '@/backend/port';
import { createBackend } from '@backend-adapter';

/** Creates the backend this build was made for. @throws Error when config and build disagree. */
export function createAppBackend(config: AppConfig): Backend {
  return createBackend(config);
}

/** A demo person shown on the sign-in page in local mode. */
export interface DemoAccount {
  role: string;
  displayName: string;
  email: string;
  password: string;
}

/**
 * The seeded demo people, for the sign-in page — local mode only. Resolves `[]` in a
 * Firebase build, where the local adapter's module is not even in the bundle.
 */
export function loadDemoAccounts(): Promise<DemoAccount[]> {
  return process.env.BACKEND === 'local'
    ? import('@/backend/local/demo-accounts').then((module) => module.DEMO_ACCOUNTS.map((account) => ({ ...account })))
    : Promise.resolve([]);
}
