import type { ChildProcess } from 'node:child_process';

/** A TCP port nobody listens on at 127.0.0.1 right now. */
export function freePort(): Promise<number>;

/**
 * Serves a build directory as Firebase Hosting does (scripts/dev/serve-dist.mjs, run from the
 * repository's root) and resolves once it listens.
 * @param dir the build, absolute or relative to the repository's root.
 * @param options `port` (a free one when absent) and serve-dist's flags (e.g. `--emulators`).
 * @returns the process, its port and origin, and `stop()` that ends it (safe to call twice).
 * @throws when the server exits before listening, with what it printed on stderr.
 */
export function startServeDist(
  dir: string,
  options?: { port?: number; args?: string[] },
): Promise<{ child: ChildProcess; port: number; origin: string; stop: () => void }>;
