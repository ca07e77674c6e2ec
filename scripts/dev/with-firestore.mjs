#!/usr/bin/env node
// Runs a command with a Cloud Firestore emulator for it, when this machine has one that starts
// without downloading anything: the gcloud SDK's emulator jar (Debian package
// `google-cloud-cli-firestore-emulator`, or FIRESTORE_EMULATOR_JAR), which runs on Java 11 or
// newer. It starts the jar on a free port with this repository's firestore.rules, waits until it
// answers, runs the command with FIRESTORE_EMULATOR_HOST pointing at it, stops it, and exits with
// the command's code. Each call gets its own emulator, so suites never share data or listeners.
//
// Without a jar (or Java), or with FIRESTORE_EMULATOR_HOST already set, the command runs as it is;
// the Firestore parts of the suites then skip with their one-line reason.
//
//   node scripts/dev/with-firestore.mjs npx jest --selectProjects rules
//   FIRESTORE_EMULATOR_PORT=8080 node scripts/dev/with-firestore.mjs …   (a fixed port: the Firebase
//   build made with USE_EMULATORS=true looks for Firestore on firebase.json's 127.0.0.1:8080)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const GCLOUD_JAR = '/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar';
const MAIN_CLASS = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
const PROJECT_ID = 'demo-triage';
const START_TIMEOUT_MS = 90_000;

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/dev/with-firestore.mjs <command> [args…]');
  process.exit(2);
}

/** The jar to run, or null with the reason there is none. */
function findJar() {
  const jar = process.env.FIRESTORE_EMULATOR_JAR || GCLOUD_JAR;
  if (!existsSync(jar)) return { jar: null, reason: `no Firestore emulator jar at ${jar}` };
  const java = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (java.error || java.status !== 0) return { jar: null, reason: 'no java on PATH for the Firestore emulator jar' };
  return { jar, reason: null };
}

/** A TCP port nobody listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the jar and resolves with the process once it says it is serving. */
function startEmulator(jar, port) {
  const child = spawn(
    'java',
    [
      // As scripts/dev/emulator-env.ts's FIRESTORE_JVM_OPTIONS: netty's buffers unpooled and on the
      // heap, so a buffer the emulator releases twice is never read back as garbage.
      '-Dio.netty.allocator.type=unpooled',
      '-Dio.netty.noPreferDirect=true',
      '-cp',
      jar,
      MAIN_CLASS,
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--rules',
      'firestore.rules',
      '--project_id',
      PROJECT_ID,
      '--single_project_mode',
      'true',
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the Firestore emulator did not start within ${START_TIMEOUT_MS / 1000} s:\n${output}`));
    }, START_TIMEOUT_MS);
    const watch = (chunk) => {
      output += chunk;
      if (output.includes('Dev App Server is now running')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout.setEncoding('utf8').on('data', watch);
    child.stderr.setEncoding('utf8').on('data', watch);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the Firestore emulator exited (${code}) before it was ready:\n${output}`));
    });
  });
}

/**
 * Sends a few requests through the emulator and then deletes what they wrote. A cold JVM answers
 * its first requests (rules compiled, storage set up) several seconds late, and on a loaded
 * machine late enough for the SDK to call itself offline; the suites should meet a warm one.
 * Resolves with the time it took, in ms.
 */
async function warmUp(port) {
  const began = Date.now();
  const base = `http://127.0.0.1:${port}/v1/projects/${PROJECT_ID}/databases/(default)/documents`;
  const owner = { Authorization: 'Bearer owner', 'Content-Type': 'application/json' };
  const body = JSON.stringify({ fields: { warm: { booleanValue: true } } });
  for (let round = 0; round < 3; round += 1) {
    await fetch(`${base}/warmUp/doc${round}`, { method: 'PATCH', headers: owner, body });
    // Without credentials: the rules are evaluated (and refuse).
    await fetch(`${base}/tickets/warm-up-${round}`);
    await fetch(`${base}:runQuery`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ structuredQuery: { from: [{ collectionId: 'warmUp' }] } }),
    });
  }
  await fetch(`http://127.0.0.1:${port}/emulator/v1/projects/${PROJECT_ID}/databases/(default)/documents`, {
    method: 'DELETE',
  });
  return Date.now() - began;
}

function run(env) {
  return new Promise((resolve) => {
    const child = spawn(command[0], command.slice(1), { stdio: 'inherit', env, shell: process.platform === 'win32' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      console.error(error.message);
      resolve(1);
    });
  });
}

if (process.env.FIRESTORE_EMULATOR_HOST) {
  process.exit(await run(process.env));
}

const { jar, reason } = findJar();
if (!jar) {
  console.log(`with-firestore: ${reason}; running without a Firestore emulator`);
  process.exit(await run(process.env));
}

const port = process.env.FIRESTORE_EMULATOR_PORT ? Number(process.env.FIRESTORE_EMULATOR_PORT) : await freePort();
const started = Date.now();
let emulator;
try {
  emulator = await startEmulator(jar, port);
} catch (error) {
  console.error(`with-firestore: ${error.message}`);
  process.exit(1);
}
const stop = () => emulator.kill('SIGTERM');
try {
  const warm = await warmUp(port);
  console.log(
    `with-firestore: Firestore emulator (${jar}) on 127.0.0.1:${port}, ready in ${Date.now() - started} ms (warm-up ${warm} ms)`,
  );
} catch (error) {
  console.error(`with-firestore: the Firestore emulator did not answer its warm-up requests: ${error.message}`);
  stop();
  process.exit(1);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
const code = await run({ ...process.env, FIRESTORE_EMULATOR_HOST: `127.0.0.1:${port}` });
stop();
process.exit(code);
