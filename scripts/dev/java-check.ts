/**
 * The Java check of the emulator scripts (`emulator-env.ts`, used by `npm run dev:firebase` and
 * `npm test`): the Firestore and Storage emulators run on the JVM, and firebase-tools 15 refuses a
 * Java older than 21 (its MIN_SUPPORTED_JAVA_MAJOR_VERSION), after it has already started the
 * other emulators. Checking first lets a script stop at once with a message that points to the
 * local backend instead.
 */
import { spawnSync } from 'node:child_process';

/** The oldest Java major version the Firebase Emulator Suite runs on (firebase-tools 15). */
export const MIN_JAVA_MAJOR = 21;

/** What `java -version` said, or that there is no `java` to ask. */
export type JavaProbe = { found: false } | { found: true; output: string };

/** The outcome of the check: the version found, and whether it is recent enough. */
export type JavaCheck = { ok: true; version: string; major: number } | { ok: false; found: string };

/**
 * Reads the version out of `java -version` output (which JDKs print on stderr): the quoted
 * version of `openjdk version "17.0.15" 2025-04-15` or `java version "1.8.0_392"`, else the
 * number after the first word of `openjdk 25 2025-09-16` (the `--version` style).
 * @returns the version as printed (`17.0.15`, `1.8.0_392`, `21-ea`, `25`), or `null` when the
 *   output holds none.
 */
export function javaVersionText(output: string): string | null {
  const quoted = /version "([^"]+)"/.exec(output);
  if (quoted?.[1]) return quoted[1];
  const bare = /^\s*\S+ (\d+(?:[.+-][\w.+-]*)?)(?:\s|$)/m.exec(output);
  return bare?.[1] ?? null;
}

/**
 * The major version of a Java version string: `1.8.0_392` → 8 (the old `1.x` scheme),
 * `17.0.15` → 17, `21-ea` → 21, `25` → 25.
 * @returns the major version, or `null` when the string does not start with a number.
 */
export function javaMajor(version: string): number | null {
  const parts = /^(\d+)(?:\.(\d+))?/.exec(version);
  if (!parts?.[1]) return null;
  const first = Number(parts[1]);
  return first === 1 && parts[2] ? Number(parts[2]) : first;
}

/**
 * Judges a probe of `java -version` against {@link MIN_JAVA_MAJOR}.
 * @returns `ok` with the version, or not `ok` with what was found: `none` without a `java`
 *   on the PATH, the version when it is too old, or the first line of output it cannot read.
 */
export function judgeJava(probe: JavaProbe): JavaCheck {
  if (!probe.found) return { ok: false, found: 'none' };
  const version = javaVersionText(probe.output);
  const major = version === null ? null : javaMajor(version);
  if (version === null || major === null) {
    const firstLine = probe.output.trim().split('\n')[0]?.trim();
    return { ok: false, found: firstLine ? `unreadable \`java -version\` output "${firstLine}"` : 'none' };
  }
  return major >= MIN_JAVA_MAJOR ? { ok: true, version, major } : { ok: false, found: version };
}

/** The one message a failed check prints, naming what was found and the way out. */
export function javaProblem(found: string): string {
  return (
    `The Firebase Emulator Suite needs Java ${MIN_JAVA_MAJOR} or newer (found: ${found}). ` +
    'Install a JDK 21+, or run `npm start` for the local backend, which needs no Java.'
  );
}

/**
 * Runs `<java> -version` (English output), as firebase-tools does with the PATH's `java`.
 * @param java the binary: `java` (the PATH's) or a path to one.
 * @returns `found: false` when there is no such `java` or it fails; else its output.
 */
export function probeJava(java = 'java'): JavaProbe {
  const result = spawnSync(java, ['-Duser.language=en', '-version'], { encoding: 'utf8', timeout: 15_000 });
  if (result.error || result.status !== 0) return { found: false };
  return { found: true, output: `${result.stderr}\n${result.stdout}` };
}
