/**
 * What firebase-tools needs to run the Firestore emulator itself (and with it the Functions
 * emulator's Firestore triggers), found on this machine:
 *   - a Java 21 or newer: the `java` of the PATH, else a JDK under JAVA_HOME or /usr/lib/jvm
 *     (firebase-tools asks the PATH's `java`, so that JDK's bin goes first on the PATH);
 *   - the emulator jar: firebase-tools' own download when cached, else the gcloud SDK's jar
 *     (Debian package `google-cloud-cli-firestore-emulator`) through a wrapper jar that holds
 *     only a manifest naming it, as FIRESTORE_EMULATOR_BINARY_PATH (no download needed).
 *   - Storage's rules runtime: firebase-tools' own download when cached; else, beside the gcloud
 *     jar, Triage's runtime (`scripts/dev/storage-rules-runtime`: firebase-tools' JSON-lines
 *     protocol over the Firebase rules engine inside the gcloud jar), compiled here with the JDK's
 *     javac once per source change, as STORAGE_EMULATOR_BINARY_PATH (no download needed).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { judgeJava, MIN_JAVA_MAJOR, probeJava } from './java-check';

/** The gcloud SDK's Firestore emulator jar, unless FIRESTORE_EMULATOR_JAR names another. */
export const GCLOUD_FIRESTORE_JAR =
  process.env.FIRESTORE_EMULATOR_JAR ||
  '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const FIRESTORE_MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const FIREBASE_CACHE = process.env.FIREBASE_EMULATORS_PATH || join(homedir(), '.cache', 'firebase', 'emulators');
const WRAPPER_DIR = resolve('node_modules/.cache/triage-emulators');

/**
 * JVM options for the Firestore emulator: unpooled heap buffers for its netty. Under load the
 * emulator's HTTP/1-or-2 routing releases a buffer twice ("Failed to release a message:
 * UnpooledSlicedByteBuf(freed)" in firestore-debug.log); with reused direct memory the client
 * then reads garbage ("RESOURCE_EXHAUSTED: Received message larger than max (3909016118 …)")
 * and the SDK backs its listener off for a minute. Memory that is never reused cannot be read
 * as garbage.
 */
export const FIRESTORE_JVM_OPTIONS = ['-Dio.netty.allocator.type=unpooled', '-Dio.netty.noPreferDirect=true'];

/** The emulators that can run here, the environment to run firebase-tools with, and why not. */
export interface EmulatorSetup {
  /** Whether firebase-tools can run Firestore (and so Firestore-triggered functions) here. */
  firestore: boolean;
  /** Whether it can run the Storage emulator too. */
  storage: boolean;
  /**
   * Whether this looks like an offline machine: the gcloud jar stands in for firebase-tools' own
   * (which it downloads), so nothing else can be downloaded either — the Emulator UI included.
   */
  offline: boolean;
  /** process.env with the JDK first on the PATH and FIRESTORE_EMULATOR_BINARY_PATH when needed. */
  env: NodeJS.ProcessEnv;
  /** One line per thing that is missing, or how it was found. */
  notes: string[];
}

/** The `java` binaries to try, the PATH's first. */
function javaCandidates(): string[] {
  const candidates = ['java'];
  if (process.env.JAVA_HOME) candidates.push(join(process.env.JAVA_HOME, 'bin', 'java'));
  const jvm = '/usr/lib/jvm';
  if (existsSync(jvm)) {
    for (const name of readdirSync(jvm).sort().reverse()) candidates.push(join(jvm, name, 'bin', 'java'));
  }
  return candidates;
}

/** The first Java ≥ {@link MIN_JAVA_MAJOR}: its binary and version, or null. */
export function findModernJava(): { java: string; version: string } | null {
  for (const java of javaCandidates()) {
    const check = judgeJava(probeJava(java));
    if (check.ok) return { java, version: check.version };
  }
  return null;
}

function cached(prefix: string): boolean {
  return existsSync(FIREBASE_CACHE) && readdirSync(FIREBASE_CACHE).some((name) => name.startsWith(prefix));
}

/**
 * Writes (once) the manifest-only jar that makes firebase-tools start the gcloud jar.
 * @returns its path. Throws when the JDK has no `jar` tool.
 */
function wrapperJar(java: string): string {
  const jarPath = join(WRAPPER_DIR, 'cloud-firestore-emulator-gcloud.jar');
  if (existsSync(jarPath)) return jarPath;
  mkdirSync(WRAPPER_DIR, { recursive: true });
  const manifest = join(WRAPPER_DIR, 'manifest.txt');
  // Class-Path entries are URLs relative to the wrapper; an absolute path works as one.
  writeFileSync(manifest, `Main-Class: ${FIRESTORE_MAIN_CLASS}\nClass-Path: ${GCLOUD_FIRESTORE_JAR}\n`);
  const jarTool = java === 'java' ? 'jar' : join(dirname(java), 'jar');
  const made = spawnSync(jarTool, ['--create', '--file', jarPath, '--manifest', manifest], { encoding: 'utf8' });
  if (made.error || made.status !== 0) {
    throw new Error(`could not build ${jarPath}: ${made.error?.message ?? made.stderr}`);
  }
  return jarPath;
}

/** The sources of Triage's Storage rules runtime (Java, package `storagerules`). */
const STORAGE_RUNTIME_SOURCES = resolve('scripts/dev/storage-rules-runtime/storagerules');

/**
 * Compiles (once per source change) Triage's Storage rules runtime against the gcloud jar: a jar
 * whose manifest names its main class and puts the gcloud jar on its class path.
 * @returns its path. Throws when the JDK has no `javac` or `jar`, or the sources do not compile.
 */
function storageRuntimeJar(java: string): string {
  const sources = readdirSync(STORAGE_RUNTIME_SOURCES)
    .filter((name) => name.endsWith('.java'))
    .sort()
    .map((name) => join(STORAGE_RUNTIME_SOURCES, name));
  const hash = createHash('sha256');
  for (const source of [...sources, GCLOUD_FIRESTORE_JAR])
    hash.update(source).update(source.endsWith('.java') ? readFileSync(source) : '');
  const jarPath = join(WRAPPER_DIR, `storage-rules-runtime-${hash.digest('hex').slice(0, 12)}.jar`);
  if (existsSync(jarPath)) return jarPath;
  const bin = java === 'java' ? '' : dirname(java);
  const tool = (name: string) => (bin ? join(bin, name) : name);
  const classes = join(WRAPPER_DIR, 'storage-rules-runtime-classes');
  rmSync(classes, { recursive: true, force: true });
  mkdirSync(classes, { recursive: true });
  const run = (command: string, args: string[]) => {
    const done = spawnSync(command, args, { encoding: 'utf8' });
    if (done.error || done.status !== 0) throw new Error(`${command} failed: ${done.error?.message ?? done.stderr}`);
  };
  run(tool('javac'), [
    '--release',
    '17',
    '-nowarn',
    '-encoding',
    'UTF-8',
    '-cp',
    GCLOUD_FIRESTORE_JAR,
    '-d',
    classes,
    ...sources,
  ]);
  const manifest = join(WRAPPER_DIR, 'storage-rules-runtime-manifest.txt');
  writeFileSync(manifest, `Main-Class: storagerules.Main\nClass-Path: file:${GCLOUD_FIRESTORE_JAR}\n`);
  run(tool('jar'), ['--create', '--file', jarPath, '--manifest', manifest, '-C', classes, '.']);
  return jarPath;
}

/** Finds what firebase-tools needs here; see the file's comment. */
export function emulatorSetup(): EmulatorSetup {
  const notes: string[] = [];
  const env: NodeJS.ProcessEnv = { ...process.env };
  const found = findModernJava();
  if (!found) {
    notes.push(`no Java ${MIN_JAVA_MAJOR}+ on the PATH, in JAVA_HOME or /usr/lib/jvm (firebase-tools needs it)`);
    return { firestore: false, storage: false, offline: false, env, notes };
  }
  if (found.java !== 'java') env.PATH = `${dirname(found.java)}${delimiter}${env.PATH ?? ''}`;
  notes.push(`Java ${found.version} (${found.java})`);
  // firebase-tools starts the emulator's JVM itself: its options ride in JAVA_TOOL_OPTIONS.
  env.JAVA_TOOL_OPTIONS = [env.JAVA_TOOL_OPTIONS, ...FIRESTORE_JVM_OPTIONS].filter(Boolean).join(' ');

  let storage = true;
  let offline = false;
  if (env.FIRESTORE_EMULATOR_BINARY_PATH) {
    notes.push(`Firestore: FIRESTORE_EMULATOR_BINARY_PATH=${env.FIRESTORE_EMULATOR_BINARY_PATH}`);
  } else if (!cached('cloud-firestore-emulator') && existsSync(GCLOUD_FIRESTORE_JAR)) {
    env.FIRESTORE_EMULATOR_BINARY_PATH = wrapperJar(found.java);
    notes.push(`Firestore: the gcloud SDK's jar ${GCLOUD_FIRESTORE_JAR}`);
    // A machine without firebase-tools' own jar but with gcloud's is taken for an offline one.
    offline = true;
    storage = cached('cloud-storage-rules-runtime');
  } else {
    notes.push('Firestore: firebase-tools’ own jar (cached or downloaded)');
  }
  if (env.STORAGE_EMULATOR_BINARY_PATH) {
    storage = true;
    notes.push(`Storage: STORAGE_EMULATOR_BINARY_PATH=${env.STORAGE_EMULATOR_BINARY_PATH}`);
  } else if (!storage && existsSync(GCLOUD_FIRESTORE_JAR)) {
    try {
      env.STORAGE_EMULATOR_BINARY_PATH = storageRuntimeJar(found.java);
      storage = true;
      notes.push('Storage: Triage’s rules runtime on the gcloud jar’s rules engine');
    } catch (error) {
      notes.push(`Storage: skipped (its rules runtime could not be built: ${(error as Error).message.split('\n')[0]})`);
    }
  }
  if (!storage && !notes.some((note) => note.startsWith('Storage'))) {
    notes.push('Storage: skipped (firebase-tools downloads its rules runtime from Google first)');
  }
  return { firestore: true, storage, offline, env, notes };
}
