#!/usr/bin/env node
// Builds Triage for production twice and checks what must hold of the bundles:
// - BACKEND=local into dist/ (what the Playwright journeys serve);
// - BACKEND=firebase with the values of .env.example into dist-firebase/ (proves a .env
//   copied from .env.example builds);
// - the gzip budgets held (the build itself fails otherwise; the report is re-checked here);
// - the sign-in route's initial JS has no Firestore or Storage code, and each build holds
//   only its own adapter.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { firebaseExampleEnv } from './build-firebase-example.mjs';

const failures = [];
const check = (ok, message) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${message}`);
  if (!ok) failures.push(message);
};

function build(name, env, outDir) {
  console.log(`\n── production build: ${name} → ${outDir}/`);
  const { status } = spawnSync('npx webpack --mode production --output-path ' + outDir, {
    stdio: 'inherit',
    shell: true,
    env: { ...process.env, ...env },
  });
  check(status === 0, `${name} build succeeds within its budgets`);
  return status === 0 ? JSON.parse(readFileSync(path.join(outDir, 'build-report.json'), 'utf8')) : null;
}

const read = (outDir, files) => files.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
// Strings that only the Firestore / Storage SDKs contain (their service hosts).
const FIRESTORE_MARK = 'firestore.googleapis.com';
const STORAGE_MARK = 'firebasestorage.googleapis.com';

const exampleEnv = firebaseExampleEnv();
const blankEnv = Object.fromEntries(Object.keys(exampleEnv).map((key) => [key, '']));

const local = build('BACKEND=local', { ...blankEnv, BACKEND: 'local' }, 'dist');
const firebase = build('BACKEND=firebase (.env.example)', exampleEnv, 'dist-firebase');

for (const [name, report, outDir] of [
  ['local', local, 'dist'],
  ['firebase', firebase, 'dist-firebase'],
]) {
  if (!report) continue;
  const signIn = report.routes['sign-in'];
  check(Boolean(signIn), `${name}: the sign-in route has its own chunk`);
  if (!signIn) continue;
  const initial = [...report.entry.files, ...signIn.files];
  const kib = (signIn.initialGzipBytes / 1024).toFixed(1);
  check(signIn.initialGzipBytes <= 200 * 1024, `${name}: sign-in initial JS ${kib} KiB gzip ≤ 200 KiB`);
  const code = read(outDir, initial);
  check(!code.includes(FIRESTORE_MARK), `${name}: no Firestore code in the sign-in route's initial JS`);
  check(!code.includes(STORAGE_MARK), `${name}: no Storage code in the sign-in route's initial JS`);
  for (const [route, { gzipBytes, budgetKiB, kind }] of Object.entries(report.routes)) {
    const where =
      {
        'behind-frame': ' on top of the signed-in frame',
        frame: ' (signed-in frame)',
        'lazy-adapter': ' (loaded lazily by the backend adapter)',
      }[kind] ?? '';
    check(
      gzipBytes <= budgetKiB * 1024,
      `${name}: chunk group ${route} ${(gzipBytes / 1024).toFixed(1)} KiB gzip${where} ≤ ${budgetKiB} KiB`,
    );
  }
  const everything = read(
    outDir,
    report.chunks.map((chunk) => chunk.file),
  );
  if (name === 'local') {
    check(!everything.includes(FIRESTORE_MARK), 'local: no Firebase SDK anywhere in the bundle');
  } else {
    check(everything.includes(FIRESTORE_MARK), 'firebase: Firestore is in the bundle (lazily loaded)');
    check(!everything.includes('triage.local.session'), 'firebase: the local adapter is not in the bundle');
  }
}

console.log(failures.length === 0 ? '\nBuild checks: all green' : `\nBuild checks: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
