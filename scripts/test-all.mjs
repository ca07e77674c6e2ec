#!/usr/bin/env node
// `npm test`: the whole suite, step by step, stopping at nothing so every failure is seen.
// Steps: lint, format, typecheck, Jest (unit, screens, local contract), the Firebase adapter
// and the security rules against the emulators, the production builds with their budgets, Playwright journeys.
// Lint, format and typecheck only read the tree, so they run side by side (each prints its
// output when it ends); the rest run one after another: Jest already fills every core, the
// journeys serve the production build, and the two emulator steps share the Auth emulator's port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
let testsPassed = 0;
let testsFailed = 0;
let testsSkipped = 0;

function run(name, command, count) {
  console.log(`\n━━ ${name}: ${command}`);
  const started = Date.now();
  const { status } = spawnSync(command, { stdio: 'inherit', shell: true, env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  results.push({ name, ok: status === 0, seconds });
  if (count) count();
}

/** Runs `[name, command]` steps at the same time; prints each one's output when it ends; results in the given order. */
async function runSideBySide(steps) {
  const finished = await Promise.all(
    steps.map(
      ([name, command]) =>
        new Promise((resolve) => {
          const started = Date.now();
          const output = [];
          const child = spawn(command, { stdio: ['ignore', 'pipe', 'pipe'], shell: true, env: process.env });
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
          child.on('close', (status) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            console.log(`\n━━ ${name}: ${command} (ran beside ${steps.length - 1} other steps)`);
            process.stdout.write(Buffer.concat(output));
            resolve({ name, ok: status === 0, seconds });
          });
        }),
    ),
  );
  results.push(...finished);
}

function countJest(file) {
  return () => {
    if (!existsSync(file)) return;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    testsPassed += report.numPassedTests;
    testsFailed += report.numFailedTests;
    testsSkipped += report.numPendingTests + report.numTodoTests;
  };
}

function countPlaywright(file) {
  return () => {
    if (!existsSync(file)) return;
    const { stats } = JSON.parse(readFileSync(file, 'utf8'));
    testsPassed += stats.expected + stats.flaky;
    testsFailed += stats.unexpected;
    testsSkipped += stats.skipped;
  };
}

rmSync('test-results/reports', { recursive: true, force: true });
mkdirSync('test-results/reports', { recursive: true });

const suiteStarted = Date.now();
await runSideBySide([
  ['lint', 'npx eslint . --max-warnings 0'],
  ['format', 'npx prettier --check .'],
  ['typecheck', 'npx tsc --noEmit -p tsconfig.json'],
]);
// One worker per core (Jest's default leaves one core idle for itself, half of a 2-core machine).
run(
  'jest',
  'npx jest --selectProjects unit screens contract-local --maxWorkers=100% --json --outputFile=test-results/reports/jest.json',
  countJest('test-results/reports/jest.json'),
);
// The Firebase adapter's contract and the security rules tests: under the full Emulator Suite
// where Java 21+ can start it, else under the Auth emulator alone, where the Firestore and
// Storage parts (and the rules tests) skip with a one-line reason.
const fullSuite = spawnSync('npx tsx scripts/java-available.ts', { stdio: 'inherit', shell: true }).status === 0;
run(
  fullSuite
    ? 'firebase adapter and security rules vs the Emulator Suite'
    : 'firebase adapter vs Auth emulator; rules tests skip (no Java 21)',
  `npx firebase emulators:exec --project demo-triage --only ${fullSuite ? 'auth,firestore,storage' : 'auth'} "npx jest --selectProjects firebase rules --runInBand --json --outputFile=test-results/reports/jest-firebase.json"`,
  countJest('test-results/reports/jest-firebase.json'),
);
run('production builds and budgets', 'node scripts/check-build.mjs');
run(
  'playwright journeys (local backend)',
  'npx playwright test --project local',
  countPlaywright('test-results/reports/playwright.json'),
);
run(
  'playwright: Firebase build vs Auth emulator',
  'PW_JSON_REPORT=test-results/reports/playwright-firebase.json npx firebase emulators:exec --project demo-triage --only auth "npx playwright test --project firebase-emulator"',
  countPlaywright('test-results/reports/playwright-firebase.json'),
);

console.log(`\n━━ Whole suite: ${((Date.now() - suiteStarted) / 1000).toFixed(1)} s`);
console.log('\n━━ Summary');
for (const { name, ok, seconds } of results) console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${name} (${seconds} s)`);
const failedSteps = results.filter((result) => !result.ok).length;
console.log(`  steps: ${results.length - failedSteps} of ${results.length} green`);
console.log(`Tests: ${testsPassed} passed, ${testsFailed + failedSteps} failed, ${testsSkipped} skipped`);
process.exit(failedSteps === 0 ? 0 : 1);
