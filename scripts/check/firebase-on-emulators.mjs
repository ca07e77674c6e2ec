#!/usr/bin/env node
// Run inside one `firebase emulators:exec` session (scripts/dev/with-emulators.ts) by `npm test`:
// the Firebase adapter's contract and the Storage tests (Jest projects `firebase` and `storage`),
// then the Firebase build's journey against the same Auth, Firestore, Functions and Storage
// emulators — one start of the emulators for both. Each runs whatever the other did; the exit
// code is 1 when either failed. Reports: test-results/reports/jest-firebase.json and
// playwright-firestore.json.
import { spawnSync } from 'node:child_process';

// `--forceExit`: once, with every test passed and the report written, Jest stayed up for 20 minutes on two
// connections a Firestore client kept open to the emulator (the run's results were in; nothing else ran). The
// process ends when the run does; the report and the exit code are the run's.
const runs = [
  'npx jest --selectProjects firebase storage --runInBand --forceExit --json --outputFile=test-results/reports/jest-firebase.json',
  'npx playwright test --project firebase-firestore',
];
let failed = false;
for (const command of runs) {
  console.log(`\n── ${command}`);
  const run = spawnSync(command, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, PW_JSON_REPORT: 'test-results/reports/playwright-firestore.json' },
  });
  if (run.status !== 0) console.log(`── exited with ${run.status ?? run.signal ?? run.error?.message}: ${command}`);
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
