#!/usr/bin/env node
// The Firebase flavour built with the values of .env.example (the Emulator Suite's demo
// project, USE_EMULATORS=true). Run directly, it builds into dist-firebase/ (the Playwright
// Firebase journey serves that); check-build uses `firebaseExampleEnv` for the same build.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parse } from 'dotenv';

/** The environment of a build from .env.example, with BACKEND=firebase. */
export function firebaseExampleEnv() {
  return { ...parse(readFileSync('.env.example')), BACKEND: 'firebase' };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const env = { ...process.env, ...firebaseExampleEnv() };
  const { status } = spawnSync('npx webpack --mode production --output-path dist-firebase', {
    stdio: 'inherit',
    shell: true,
    env,
  });
  process.exit(status ?? 1);
}
