/**
 * Picks the backend adapter and loads it without blocking the first paint.
 * `@backend-adapter` is a build-time alias (webpack.config.ts, `BACKEND=local|firebase`), so
 * only the chosen adapter is in the bundle — and it is its own chunk, fetched in parallel with
 * the first screen: the sign-in form is usable while Firebase Auth (or Dexie) arrives.
 */
import type { AppConfig } from '@/config/config-schema';
import type { AuthCapabilities } from '@/backend/port/auth';
import type { Backend } from '@/backend/port/backend';
import { toErrorShape, type ErrorShape } from '@/domain/errors/errors';
import type { DemoAccount } from '@/features/auth/components/demo-accounts-card';

type PortName = Exclude<keyof Backend, 'kind'>;
/** Every port of {@link Backend}, once: a port added to the interface and missing here fails tsc. */
const PORT_SET = {
  auth: true,
  users: true,
  tickets: true,
  messages: true,
  files: true,
  settings: true,
  presence: true,
  mail: true,
  reports: true,
} satisfies Record<PortName, true>;
const PORTS = Object.keys(PORT_SET) as PortName[];

/** What each build's adapter can do, known without loading it (see each adapter's `capabilities`). */
const CAPABILITIES: AuthCapabilities =
  process.env.BACKEND === 'firebase'
    ? { google: true, sendsEmail: true, tabSessions: false }
    : { google: false, sendsEmail: false, tabSessions: true };

type AnyFunction = (...args: unknown[]) => unknown;

/** Subscriptions return an unsubscribe synchronously; everything else returns a promise. */
function isSubscription(method: string): boolean {
  return method === 'onChange' || method.startsWith('watch');
}

function lazyPort(name: PortName, load: () => Promise<Backend>): object {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (typeof property !== 'string') return undefined;
        if (name === 'auth' && property === 'capabilities') return CAPABILITIES;
        // Reply by email is simulated by the local backend only (the adapters' `canSimulateInbound`).
        if (name === 'mail' && property === 'canSimulateInbound') return process.env.BACKEND !== 'firebase';
        const call = (backend: Backend, args: unknown[]) => {
          const method = (backend[name] as unknown as Record<string, AnyFunction>)[property];
          if (typeof method !== 'function') throw new Error(`Backend has no ${name}.${property}`);
          return method.apply(backend[name], args);
        };
        if (!isSubscription(property)) return (...args: unknown[]) => load().then((backend) => call(backend, args));
        return (...args: unknown[]) => {
          let unsubscribe: (() => void) | null = null;
          let stopped = false;
          load().then(
            (backend) => {
              if (!stopped) unsubscribe = call(backend, args) as () => void;
            },
            (error: unknown) => {
              // A watch's last argument is its error listener; onChange has none, so the
              // session is reported as signed out and the sign-in form explains on submit.
              const onError = args[args.length - 1];
              const shape: ErrorShape = toErrorShape(error);
              if (property !== 'onChange' && typeof onError === 'function') onError(shape);
              else if (typeof args[0] === 'function') (args[0] as AnyFunction)({ kind: 'signedOut' });
              console.error('Triage could not load its backend', error);
            },
          );
          return () => {
            stopped = true;
            unsubscribe?.();
          };
        };
      },
    },
  );
}

/**
 * Creates the backend this build was made for, loaded on first use.
 * @returns a `Backend` whose methods wait for the adapter chunk; if it cannot load, promise
 *   methods reject with `{ code, message }` and subscriptions report through their error
 *   listener (or, for `auth.onChange`, as signed out).
 */
export function createAppBackend(config: AppConfig): Backend {
  let loading: Promise<Backend> | null = null;
  const load = () => {
    if (!loading) {
      loading = import(/* webpackChunkName: "backend" */ '@backend-adapter').then((module) =>
        module.createBackend(config),
      );
      // A failed chunk load may succeed later (back online): forget it so the next call retries.
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
  const ports = Object.fromEntries(PORTS.map((name) => [name, lazyPort(name, load)]));
  return { kind: config.backend, ...ports } as Backend;
}

/**
 * The seeded demo people, for the sign-in page — local mode only. Resolves `[]` in a
 * Firebase build, where the local adapter's module is not even in the bundle.
 */
export function loadDemoAccounts(): Promise<DemoAccount[]> {
  return process.env.BACKEND === 'local'
    ? import(/* webpackChunkName: "demo-accounts" */ '@/backend/local/seed/demo-accounts').then((module) =>
        module.DEMO_ACCOUNTS.map((account) => ({ ...account })),
      )
    : Promise.resolve([]);
}
