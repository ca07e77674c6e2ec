#!/usr/bin/env node
// `npm run bench:submit -- [--customers=50] [--hostile]`: a burst of concurrent submissions
// against the emulators (scripts/bench/submit-burst.ts says what it measures). Starts the Auth
// emulator (firebase-tools) and a Firestore emulator (scripts/dev/with-firestore.mjs: the gcloud SDK
// jar, or firebase-tools with Java 21 when FIRESTORE_EMULATOR_HOST is already set), bundles the
// burst as CommonJS with esbuild — one copy of the Firebase SDK for the adapter's static and lazy
// imports — runs it, and stops everything after it.
import { spawnSync } from 'node:child_process';
import { build } from 'esbuild';

const args = process.argv.slice(2).join(' ');
if (!process.env.FIRESTORE_EMULATOR_HOST || !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
  const again = `node scripts/bench/submit.mjs ${args}`.trim();
  const { status } = spawnSync(
    `node scripts/dev/with-firestore.mjs npx firebase emulators:exec --project demo-triage --only auth "${again}"`,
    { stdio: 'inherit', shell: true },
  );
  process.exit(status ?? 1);
}

// Inside node_modules, so that the bundle's external packages resolve from the project.
const outfile = 'node_modules/.cache/triage-bench/bench-submit.cjs';
await build({
  entryPoints: ['scripts/bench/submit-burst.ts'],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  packages: 'external',
  tsconfig: 'tsconfig.json',
  // `import()` becomes `require()`: the adapter's lazy imports then load the same CommonJS copy
  // of the Firebase SDK as its static ones (two copies refuse each other's references).
  supported: { 'dynamic-import': false },
  logLevel: 'warning',
});
const { status } = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(status ?? 1);
