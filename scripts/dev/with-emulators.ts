/**
 * Runs a command inside `firebase emulators:exec` with the emulators asked for that can run on
 * this machine (see `emulator-env.ts`): Firestore and Functions need a Java 21+ and a Firestore
 * jar, Storage also its rules runtime. Builds the functions first when Functions is asked for.
 * Without any emulator that can run, the command runs as it is and the suites skip their
 * emulator parts with their reasons.
 *
 *   npx tsx scripts/dev/with-emulators.ts auth,firestore,functions -- "npx jest --selectProjects firebase"
 */
import { spawnSync } from 'node:child_process';
import { emulatorSetup } from './emulator-env';

const [list, separator, ...rest] = process.argv.slice(2);
if (!list || separator !== '--' || rest.length === 0) {
  console.error('usage: tsx scripts/dev/with-emulators.ts <auth,firestore,functions,storage> -- "<command>"');
  process.exit(2);
}
const command = rest.join(' ');
const setup = emulatorSetup();
const wanted = list.split(',').filter(Boolean);
const runnable = wanted.filter((name) => {
  if (name === 'firestore' || name === 'functions') return setup.firestore;
  if (name === 'storage') return setup.storage;
  return true;
});
const missing = wanted.filter((name) => !runnable.includes(name));
console.log(`with-emulators: ${setup.notes.join('; ')}`);
if (missing.length > 0) console.log(`with-emulators: not started here: ${missing.join(', ')}`);

if (runnable.includes('functions')) {
  const built = spawnSync('node scripts/build/functions.mjs', { stdio: 'inherit', shell: true });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const quoted = JSON.stringify(command);
const full =
  runnable.length === 0
    ? command
    : `npx firebase emulators:exec --project demo-triage --only ${runnable.join(',')} ${quoted}`;
const result = spawnSync(full, { stdio: 'inherit', shell: true, env: setup.env });
process.exit(result.status ?? 1);
