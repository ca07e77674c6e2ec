#!/usr/bin/env node
// Builds the Cloud Functions (functions/src) into functions/lib/index.js: one CommonJS file for
// Node 20 holding the functions and the domain code they share with the app (src/domain),
// with firebase-admin, firebase-functions, zod, nodemailer and busboy left as the runtime's own packages
// (functions/package.json lists them for deploy; here they resolve from the root node_modules).
// Run by `npm run build:functions`, before the emulators start and as firebase.json's predeploy.
import { build } from 'esbuild';

const started = Date.now();
await build({
  entryPoints: ['functions/src/index.ts'],
  outfile: 'functions/lib/index.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: true,
  external: [
    'firebase-admin',
    'firebase-admin/*',
    'firebase-functions',
    'firebase-functions/*',
    'zod',
    'zod/*',
    'nodemailer',
    'busboy',
    // email-reply-parser tries the optional native `re2` and falls back to RegExp.
    're2',
  ],
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
});
console.log(`build-functions: functions/lib/index.js in ${Date.now() - started} ms`);
