#!/usr/bin/env node
// Builds the Firebase flavour with the values of .env.example (the Emulator Suite's demo
// project, USE_EMULATORS=true) into dist-firebase/. check-build does the same as one of its steps.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'dotenv';

const env = { ...process.env, ...parse(readFileSync('.env.example')), BACKEND: 'firebase' };
const { status } = spawnSync('npx webpack --mode production --output-path dist-firebase', {
  stdio: 'inherit',
  shell: true,
  env,
});
process.exit(status ?? 1);
