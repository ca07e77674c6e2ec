/**
 * `npm run dev:firebase`: Triage on the Firebase Emulator Suite, the way `npm start` runs it on
 * the local backend. In order:
 *   1. finds a Java 21+ (the Firestore and Storage emulators need it: the PATH's, else a JDK
 *      under /usr/lib/jvm, see `emulator-env.ts`) and stops at once, pointing to `npm start`,
 *      when there is none; builds the Cloud Functions;
 *   2. starts the Auth, Firestore, Functions and Storage emulators (Storage where its rules
 *      runtime can be had) and the Emulator UI (`firebase emulators:start`, the fixed ports of
 *      firebase.json) and waits for them;
 *   3. seeds them with local mode's demo desk (`scripts/ops/seed-firebase.ts`);
 *   4. serves the app (`webpack serve`) with BACKEND=firebase, USE_EMULATORS=true and the demo
 *      project of `.env.example`;
 *   5. runs the scheduled `deskAutomation` (automatic close, SLA breach records) now and every
 *      5 minutes, as production's schedule does: no emulator runs schedules (DESIGN §10).
 * Ctrl+C stops the dev server and the emulators. The emulators keep their data in memory: each
 * run starts from the same fresh demo desk, as a first run of local mode does.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { parse } from 'dotenv';
import { emulatorSetup } from './emulator-env';
import { javaProblem } from './java-check';

/** How often production runs the scheduled `deskAutomation` (functions/src/index.ts), ms. */
const AUTOMATION_EVERY_MS = 5 * 60_000;

/**
 * Runs the scheduled `deskAutomation` through the Functions emulator's route for its trigger, as
 * soon as the emulator has loaded the functions (it answers 404 until then) and every
 * {@link AUTOMATION_EVERY_MS} after. A failed run is said on the console, not fatal.
 */
async function tickDeskAutomation(projectId: string): Promise<void> {
  const { host = '127.0.0.1', port = 5001 } =
    (
      JSON.parse(readFileSync('firebase.json', 'utf8')) as {
        emulators?: { functions?: { host?: string; port?: number } };
      }
    ).emulators?.functions ?? {};
  const url = `http://${host}:${port}/functions/projects/${projectId}/triggers/us-central1-deskAutomation-0`;
  /** One run; resolves with the emulator's status, 0 when it could not be reached. */
  const run = () =>
    fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }).then(
      (response) => response.status,
      () => 0,
    );
  let status = await run();
  for (let tries = 1; (status === 404 || status === 0) && tries < 60; tries += 1) {
    await sleep(2000);
    status = await run();
  }
  if (status !== 200) console.error(`deskAutomation: the Functions emulator answered ${status || 'nothing'}.`);
  else console.log('deskAutomation ran (automatic close, SLA breach records); again every 5 minutes.');
  setInterval(() => {
    void run().then((next) => {
      if (next !== 200) console.error(`deskAutomation: the Functions emulator answered ${next || 'nothing'}.`);
    });
  }, AUTOMATION_EVERY_MS).unref();
}

/** Where {@link offlineConfig} writes its copy of firebase.json. */
const OFFLINE_CONFIG = '.firebase.offline.json';

/** The dev server's host and port, as webpack.config.ts has them. */
const DEV_HOST = '127.0.0.1';
const DEV_PORT = Number(process.env.PORT ?? 3000);

/** The build environment of the dev server: `.env.example`'s demo project, on the emulators. */
function webEnv(): NodeJS.ProcessEnv {
  return { ...process.env, ...parse(readFileSync('.env.example')), BACKEND: 'firebase', USE_EMULATORS: 'true' };
}

/** Writes firebase.json without the Emulator UI to `.firebase.offline.json`; returns its path. */
function offlineConfig(): string {
  const config = JSON.parse(readFileSync('firebase.json', 'utf8'));
  config.emulators.ui = { enabled: false };
  writeFileSync(OFFLINE_CONFIG, `${JSON.stringify(config, null, 2)}\n`);
  return OFFLINE_CONFIG;
}

/** A child process of this script and whether it has exited. */
interface Child {
  name: string;
  process: ChildProcess;
  exited: Promise<number>;
  running: boolean;
}

/**
 * Starts `node <script> <args>` in its own process group, so that Ctrl+C reaches only this
 * script, which then stops each child once, in order (firebase-tools counts a second SIGINT as
 * "stop right now, without cleaning up").
 */
function startNode(name: string, script: string, args: string[], env: NodeJS.ProcessEnv = process.env): Child {
  const child = spawn(process.execPath, [script, ...args], { stdio: 'inherit', env, detached: true });
  const entry: Child = {
    name,
    process: child,
    running: true,
    exited: new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        entry.running = false;
        resolve(code ?? (signal ? 1 : 0));
      });
      child.once('error', (error) => {
        console.error(`Could not start ${name}: ${error.message}`);
        entry.running = false;
        resolve(1);
      });
    }),
  };
  return entry;
}

const children: Child[] = [];
let stoppingSince: number | null = null;

/** Kills a child and its process group (firebase-tools' emulators run in its group). */
function forceKill(child: Child): void {
  if (!child.running || child.process.pid === undefined) return;
  try {
    process.kill(-child.process.pid, 'SIGKILL');
  } catch {
    child.process.kill('SIGKILL');
  }
}

/**
 * Stops the children, the dev server first, and exits with `code`. A second request more than
 * a second later (a second Ctrl+C) kills them instead; within that second it is the same
 * Ctrl+C, relayed once more by npm or tsx.
 */
async function stopAll(code: number): Promise<void> {
  if (stoppingSince !== null) {
    if (Date.now() - stoppingSince < 1000) return;
    children.forEach(forceKill);
    process.exit(code);
  }
  stoppingSince = Date.now();
  for (const child of [...children].reverse()) {
    if (!child.running) continue;
    // SIGINT is firebase-tools' "clean shutdown"; webpack-dev-server closes on it too.
    child.process.kill('SIGINT');
    await child.exited;
  }
  process.exit(code);
}

/** Waits until every `host:port` accepts connections. @returns false when `gaveUp` happened first. */
async function waitForPorts(
  hosts: string[],
  gaveUp: () => boolean,
  isListening: (host: string, ms: number) => Promise<boolean>,
): Promise<boolean> {
  for (;;) {
    if (gaveUp()) return false;
    const up = await Promise.all(hosts.map((host) => isListening(host, 500)));
    if (up.every(Boolean)) return true;
    await sleep(500);
  }
}

async function main(): Promise<void> {
  // 1. Java first, before anything starts; then the functions' bundle.
  const setup = emulatorSetup();
  if (!setup.firestore) {
    console.error(javaProblem(setup.notes.join('; ')));
    process.exit(1);
  }
  // The emulators the app uses; the UI starts with them when firebase.json enables it.
  const EMULATORS = ['auth', 'firestore', 'functions', ...(setup.storage ? ['storage' as const] : [])] as const;
  const built = spawnSync(process.execPath, ['scripts/build/functions.mjs'], { stdio: 'inherit' });
  if (built.status !== 0) process.exit(1);
  // Offline (the gcloud jar stands in for firebase-tools' own), the Emulator UI cannot be
  // downloaded either: run with a copy of firebase.json that leaves it out. The copy sits beside
  // firebase.json (gitignored), since firebase-tools reads paths relative to its config file.
  const config = setup.offline ? ['--config', offlineConfig()] : [];

  // The Admin SDK loads only after the check, which should answer at once.
  const { EMULATOR_HOST_VARIABLES, configuredEmulatorHosts, demoSignInLines, isListening, seedFirebaseEmulators } =
    await import('../ops/seed-firebase');
  const projectId = parse(readFileSync('.env.example')).FIREBASE_PROJECT_ID || 'demo-triage';
  const hosts = configuredEmulatorHosts();
  // The emulators holding data (seeded, and pointed at by the app); Functions only reacts to them.
  const dataEmulators = EMULATORS.filter((name) => name !== 'functions');
  const ports = dataEmulators.flatMap((name) => (hosts[name] ? [{ name, host: hosts[name] }] : []));
  const busy = [...ports, { name: 'dev server', host: `${DEV_HOST}:${DEV_PORT}` }];
  for (const { name, host } of busy) {
    if (await isListening(host, 500)) {
      console.error(`${host} (${name}) is already in use: stop what runs there, then run npm run dev:firebase again.`);
      process.exit(1);
    }
  }

  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => void stopAll(130));
  }
  // Should this script die some other way, take the emulators and the dev server with it.
  process.on('exit', () => children.forEach(forceKill));

  // 2. The Emulator Suite.
  console.log(
    `${setup.notes.join('; ')}: starting the Firebase Emulator Suite (${EMULATORS.join(', ')}) for ${projectId}…`,
  );
  const firebase = startNode(
    'the Firebase Emulator Suite',
    require.resolve('firebase-tools/lib/bin/firebase.js'),
    ['emulators:start', '--project', projectId, '--only', EMULATORS.join(','), ...config],
    setup.env,
  );
  children.push(firebase);
  void firebase.exited.then((code) => {
    if (stoppingSince !== null) return;
    console.error(`The Firebase Emulator Suite stopped (exit code ${code}).`);
    void stopAll(code || 1);
  });
  const ready = await waitForPorts(
    ports.map((port) => port.host),
    () => !firebase.running,
    isListening,
  );
  if (!ready || stoppingSince !== null) return;
  // Seed the emulators just started, whatever the shell's variables point at.
  for (const { name, host } of ports) process.env[EMULATOR_HOST_VARIABLES[name]] = host;

  // 3. The demo desk.
  try {
    const report = await seedFirebaseEmulators({ projectId });
    console.log(
      `Seeded the demo desk: ${report.accountsCreated} accounts, ` +
        (report.deskWritten ? `${report.documents} documents.` : 'desk already there.'),
    );
  } catch (error) {
    console.error(`Seeding the emulators failed: ${error instanceof Error ? error.message : String(error)}`);
    await stopAll(1);
    return;
  }

  // 4. The app.
  const web = startNode(
    'the dev server',
    require.resolve('webpack-cli/bin/cli.js'),
    ['serve', '--mode', 'development'],
    webEnv(),
  );
  children.push(web);
  void web.exited.then((code) => {
    if (stoppingSince === null) void stopAll(code);
  });
  console.log(
    [
      '',
      `Triage (BACKEND=firebase, emulators): http://localhost:${DEV_PORT}`,
      ...(hosts.ui && config.length === 0 ? [`Emulator UI: http://${hosts.ui}`] : []),
      'Demo accounts (role, email, password):',
      ...demoSignInLines(),
      'Ctrl+C stops the dev server and the emulators (their data is not kept).',
      '',
    ].join('\n'),
  );

  // 5. The schedule, on the seeded desk.
  void tickDeskAutomation(projectId);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  void stopAll(1);
});
