#!/usr/bin/env node
// Proves the SLA unit tests (test/unit/domain/sla/) catch a broken pause rule (DESIGN §10):
// src/domain/sla/clocks.ts is rewritten in place with PAUSING_STATUSES = ['solved', 'closed']
// (pending and on hold no longer pause the requester-wait clocks), the SLA tests run against it,
// and the original file is put back in a `finally` (and on SIGINT / SIGTERM).
//
// The tests also run once first against the untouched file, so that a test already failing there
// (a known bug) is not mistaken for the mutant being caught: only tests that pass on the original
// and fail on the mutant count. Exits 0 when at least one does, 1 otherwise.
//
// In place, because that is what ts-jest and the `@/` alias resolve without any extra setup; the
// window in which the file is mutated is one Jest run of the SLA tests (a few seconds).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TARGET = path.join(ROOT, 'src/domain/sla/clocks.ts');
const RELATIVE = path.relative(ROOT, TARGET);
const UNIT_PROJECT = 'unit';
const TEST_PATTERN = 'test/unit/domain/sla/';

const PAUSING = /export const PAUSING_STATUSES: readonly TicketStatus\[\] = \[[^\]]*\];/;
const MUTANT_LINE = "export const PAUSING_STATUSES: readonly TicketStatus[] = ['solved', 'closed'];";

function fail(message) {
  console.error(`mutation check: ${message}`);
  process.exit(1);
}

const original = readFileSync(TARGET, 'utf8');
const found = original.match(PAUSING);
if (!found || original.match(new RegExp(PAUSING.source, 'g')).length !== 1) {
  fail(`could not find exactly one \`export const PAUSING_STATUSES: readonly TicketStatus[] = [...];\` in ${RELATIVE}`);
}
const originalLine = found[0];
if (originalLine === MUTANT_LINE) {
  fail(`${RELATIVE} already holds the mutant (${MUTANT_LINE}): restore it from git before running this check`);
}
if (!/'pending'/.test(originalLine) || !/'on_hold'/.test(originalLine)) {
  fail(`PAUSING_STATUSES in ${RELATIVE} has no 'pending' or 'on_hold' to remove: ${originalLine}`);
}
const mutant = original.replace(PAUSING, MUTANT_LINE);

const tmp = mkdtempSync(path.join(os.tmpdir(), 'mutation-check-sla-'));

/** Runs the SLA tests; returns Jest's exit status and its --json report (null when none was written). */
function runSlaTests(name) {
  const outputFile = path.join(tmp, `${name}.json`);
  const result = spawnSync(
    'npx',
    [
      'jest',
      '--selectProjects',
      UNIT_PROJECT,
      '--testPathPatterns',
      TEST_PATTERN,
      '--silent',
      '--json',
      `--outputFile=${outputFile}`,
    ],
    { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, shell: process.platform === 'win32' },
  );
  let report = null;
  try {
    report = JSON.parse(readFileSync(outputFile, 'utf8'));
  } catch {
    console.error(result.stdout?.slice(-4000) ?? '', result.stderr?.slice(-4000) ?? '');
  }
  return { status: result.status, signal: result.signal, report };
}

/** The full names of the tests that failed in a Jest --json report. */
function failedTests(report) {
  return new Set(
    report.testResults.flatMap((file) =>
      file.assertionResults
        .filter((test) => test.status === 'failed')
        .map((test) => `${path.relative(ROOT, file.name)} › ${test.fullName}`),
    ),
  );
}

let restored = false;
/**
 * Puts the original back. If someone changed the file while the mutant was in place, only the
 * mutated line is put back, so their change survives.
 */
function restore() {
  if (restored) return;
  const current = readFileSync(TARGET, 'utf8');
  if (current === mutant) writeFileSync(TARGET, original);
  else if (current.includes(MUTANT_LINE)) writeFileSync(TARGET, current.replace(MUTANT_LINE, originalLine));
  else if (current !== original) console.error(`mutation check: ${RELATIVE} changed meanwhile and holds no mutant`);
  restored = true;
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    restore();
    process.exit(130);
  });
}

let baseline;
let mutated;
try {
  baseline = runSlaTests('original');
  if (!baseline.report || baseline.report.numTotalTests === 0) fail('the SLA tests did not run on the original file');

  writeFileSync(TARGET, mutant);
  try {
    mutated = runSlaTests('mutant');
  } finally {
    restore();
  }
} finally {
  restore();
  rmSync(tmp, { recursive: true, force: true });
}

if (readFileSync(TARGET, 'utf8').includes(MUTANT_LINE)) fail(`${RELATIVE} still holds the mutant: restore it by hand`);
if (mutated.signal)
  fail(`interrupted (${mutated.signal}) while the SLA tests ran against the mutant; ${RELATIVE} restored`);
if (!mutated.report) fail('the SLA tests did not run against the mutant');

const alreadyFailing = failedTests(baseline.report);
const caught = [...failedTests(mutated.report)].filter((name) => !alreadyFailing.has(name));

if (alreadyFailing.size > 0) {
  console.log(
    `mutation check: ${alreadyFailing.size} SLA test(s) already fail on the original ${RELATIVE}, not counted:`,
  );
  for (const name of alreadyFailing) console.log(`  - ${name}`);
}

if (mutated.status !== 0 && caught.length > 0) {
  console.log(
    `mutation check: altering the pause rule fails ${caught.length} SLA tests ` +
      `(PAUSING_STATUSES = ['solved', 'closed']; ${mutated.report.numFailedTests} of ${mutated.report.numTotalTests} fail with the mutant):`,
  );
  for (const name of caught) console.log(`  - ${name}`);
  process.exit(0);
}

console.error(
  `mutation check: the SLA tests did not notice PAUSING_STATUSES losing 'pending' and 'on_hold' ` +
    `(jest exited ${mutated.status}; no test that passes on the original failed on the mutant)`,
);
process.exit(1);
