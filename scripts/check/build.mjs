#!/usr/bin/env node
// Builds Triage for production twice, side by side, and checks what must hold of the bundles:
// - BACKEND=local into dist/ (what the Playwright journeys serve);
// - BACKEND=firebase with the values of .env.example into dist-firebase/ (proves a .env
//   copied from .env.example builds);
// - the gzip budgets held (the build itself fails otherwise; the report is re-checked here);
// - the sign-in route's initial JS has no Firestore or Storage code, and each build holds
//   only its own adapter;
// - no secret reaches a bundle: both builds run with canary secrets in their environment
//   (a private key, a service-account JSON, credentials path, a plain secret), and every
//   emitted file (js, map, html, json, txt) is scanned for them, for the value of every
//   environment variable that .env.example does not declare public, and for secret shapes
//   (PEM private keys, "private_key", "client_secret", "type": "service_account");
// - firebase.json's Hosting rules cache every emitted chunk as immutable and index.html not;
// - the offline shell (DESIGN §12): each build's sw.js precaches the pages, the manifest and every
//   chunk (no source map), and Hosting serves sw.js no-cache.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { firebaseExampleEnv } from '../build/firebase-example.mjs';
import { headersFor, isDeployed } from '../dev/serve-dist.mjs';

/**
 * The sign-in route's first-visit JS budget (KiB gzip), the pre-rendered sign-in page's hydration code (DESIGN §12)
 * included; the form no longer waits for this JS to be seen. 217 since the router decides where a sign-in lands;
 * 218 since the route table has the invitation page (docs/benchmarks.md).
 */
const SIGN_IN_BUDGET_KIB = 218;

const failures = [];
const check = (ok, message) => {
  console.log(`  ${ok ? 'ok  ' : 'FAIL'}  ${message}`);
  if (!ok) failures.push(message);
};

/**
 * Starts one production build; resolves with its exit status and everything it printed (kept,
 * so that two builds running side by side print one after the other).
 */
function startBuild(env, outDir) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn('npx webpack --mode production --output-path ' + outDir, {
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: true,
      env: { ...process.env, ...env },
    });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output) }));
  });
}

/** Prints a finished build's output and checks it; returns its build report, or null when it failed. */
function settleBuild(name, outDir, { status, output }) {
  console.log(`\n── production build: ${name} → ${outDir}/`);
  process.stdout.write(output);
  check(status === 0, `${name} build succeeds within its budgets`);
  return status === 0 ? JSON.parse(readFileSync(path.join(outDir, 'build-report.json'), 'utf8')) : null;
}

const read = (outDir, files) => files.map((file) => readFileSync(path.join(outDir, file), 'utf8')).join('\n');
// Strings that only the Firestore / Storage SDKs contain (their service hosts).
const FIRESTORE_MARK = 'firestore.googleapis.com';
const STORAGE_MARK = 'firebasestorage.googleapis.com';

const exampleEnv = firebaseExampleEnv();
const blankEnv = Object.fromEntries(Object.keys(exampleEnv).map((key) => [key, '']));

// Secrets a careless config could pull into the client (DefinePlugin, a `process.env` spread,
// an imported key file). Each carries a token unique to this run, so a hit cannot be chance.
const run = randomBytes(6).toString('hex');
const token = (name) => `triage-canary-${name.toLowerCase()}-${run}`;
const CANARIES = {
  FIREBASE_ADMIN_PRIVATE_KEY: `-----BEGIN PRIVATE KEY-----\n${token('FIREBASE_ADMIN_PRIVATE_KEY')}\n-----END PRIVATE KEY-----\n`,
  GOOGLE_APPLICATION_CREDENTIALS: `/tmp/${token('GOOGLE_APPLICATION_CREDENTIALS')}/service-account.json`,
  SERVICE_ACCOUNT_JSON: JSON.stringify({
    type: 'service_account',
    project_id: 'demo-triage',
    private_key: token('SERVICE_ACCOUNT_JSON'),
    client_email: 'canary@demo-triage.iam.gserviceaccount.com',
  }),
  TRIAGE_CANARY_SECRET: token('TRIAGE_CANARY_SECRET'),
};

const localEnv = { ...CANARIES, ...blankEnv, BACKEND: 'local' };
const firebaseEnv = { ...CANARIES, ...exampleEnv };
// The two builds run side by side: each leaves a core mostly idle (webpack itself is one
// thread), and they share nothing on disk but their inputs.
const [localBuild, firebaseBuild] = await Promise.all([
  startBuild(localEnv, 'dist'),
  startBuild(firebaseEnv, 'dist-firebase'),
]);
const local = settleBuild('BACKEND=local', 'dist', localBuild);
const firebase = settleBuild('BACKEND=firebase (.env.example)', 'dist-firebase', firebaseBuild);

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
  check(
    signIn.initialGzipBytes <= SIGN_IN_BUDGET_KIB * 1024,
    `${name}: sign-in initial JS ${kib} KiB gzip ≤ ${SIGN_IN_BUDGET_KIB} KiB`,
  );
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

// ── Secrets ───────────────────────────────────────────────────────────────────────────────
// Public: the variables .env.example declares (DESIGN §6; the Firebase web config is public
// by design). Every other variable of the build's environment is treated as a secret; values
// shorter than 12 characters ("true", "/root", "production") would match by chance.
const PUBLIC_VARIABLES = new Set(Object.keys(exampleEnv));
const MIN_SECRET_LENGTH = 12;
const SECRET_SHAPES = [
  ['a PEM private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a "private_key" field', /\\?"private_key(?:_id)?\\?"\s*:/],
  ['a "client_secret" field', /\\?"client_secret\\?"\s*:/],
  ['a service-account JSON', /\\?"type\\?"\s*:\s*\\?"service_account\\?"/],
];

/** Every file under a directory, as paths relative to it with `/` separators. */
const filesUnder = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path
        .relative(dir, path.join(entry.parentPath ?? entry.path, entry.name))
        .split(path.sep)
        .join('/'),
    );

/** The secrets of an environment: name → the strings that would give its value away. */
function secretsOf(env) {
  const secrets = new Map();
  for (const [name, value] of Object.entries(env)) {
    if (PUBLIC_VARIABLES.has(name) || !value || value.length < MIN_SECRET_LENGTH) continue;
    // The raw value, its JSON-escaped form (as a bundler would embed it) and, for canaries, the token.
    const forms = new Set([value, JSON.stringify(value).slice(1, -1)]);
    if (name in CANARIES) forms.add(token(name));
    secrets.set(name, [...forms]);
  }
  return secrets;
}

for (const [name, report, outDir, env] of [
  ['local', local, 'dist', localEnv],
  ['firebase', firebase, 'dist-firebase', firebaseEnv],
]) {
  if (!report) continue;
  const secrets = secretsOf({ ...process.env, ...env });
  const files = filesUnder(outDir);
  const leaks = [];
  for (const file of files) {
    const text = readFileSync(path.join(outDir, file), 'utf8');
    for (const [variable, forms] of secrets) {
      if (forms.some((form) => text.includes(form))) leaks.push(`${file}: the value of ${variable}`);
    }
    for (const [what, pattern] of SECRET_SHAPES) if (pattern.test(text)) leaks.push(`${file}: ${what}`);
  }
  check(
    leaks.length === 0,
    `${name}: no secret in any of ${files.length} emitted files (${secrets.size} non-public variables, ` +
      `${SECRET_SHAPES.length} secret shapes)${leaks.length ? `; found ${leaks.join('; ')}` : ''}`,
  );
}

// ── Hosting caching of what was emitted ───────────────────────────────────────────────────
const { hosting } = JSON.parse(readFileSync('firebase.json', 'utf8'));
if (local) {
  const chunks = filesUnder('dist').filter((file) => file.startsWith('assets/') && file.endsWith('.js'));
  const notImmutable = chunks.filter(
    (file) => headersFor(hosting, `/${file}`)['Cache-Control'] !== 'public, max-age=31536000, immutable',
  );
  check(
    chunks.length > 0 && notImmutable.length === 0,
    `hosting: all ${chunks.length} emitted chunks are cached as immutable${notImmutable.length ? `; not ${notImmutable.join(', ')}` : ''}`,
  );
  check(
    chunks.every((file) => isDeployed(hosting, file)) && isDeployed(hosting, 'index.html'),
    'hosting: index.html and every chunk are deployed (not ignored)',
  );
  check(headersFor(hosting, '/index.html')['Cache-Control'] === 'no-cache', 'hosting: index.html is served no-cache');
}

// ── The offline shell ─────────────────────────────────────────────────────────────────────
/** The URLs sw.js precaches (Workbox writes them as `{url:"/…",revision:…}`), or null without sw.js. */
function precachedUrls(outDir) {
  const file = path.join(outDir, 'sw.js');
  if (!existsSync(file)) return null;
  return [...readFileSync(file, 'utf8').matchAll(/\burl:"(\/[^"]*)"/g)].map((match) => match[1]);
}

const SHELL_PAGES = ['/index.html', '/sign-in.html', '/sign-up.html', '/reset-password.html', '/manifest.webmanifest'];
for (const [name, report, outDir] of [
  ['local', local, 'dist'],
  ['firebase', firebase, 'dist-firebase'],
]) {
  if (!report) continue;
  const urls = precachedUrls(outDir);
  check(urls !== null && urls.length > 0, `${name}: sw.js is written, with a precache list`);
  if (!urls) continue;
  // The report lists every emitted script, sw.js too (which is not precached by itself).
  const chunks = report.chunks.map((chunk) => `/${chunk.file}`).filter((url) => url !== '/sw.js');
  const missing = [...SHELL_PAGES, ...chunks].filter((url) => !urls.includes(url));
  check(
    missing.length === 0,
    `${name}: sw.js precaches the pages, the manifest and every chunk${missing.length ? `; not ${missing.join(', ')}` : ''}`,
  );
  const bytes = urls.reduce((sum, url) => sum + statSync(path.join(outDir, url)).size, 0);
  check(
    !urls.some((url) => url.endsWith('.map')),
    `${name}: no source map precached (${urls.length} files, ${(bytes / 1024).toFixed(0)} KiB)`,
  );
}
check(headersFor(hosting, '/sw.js')['Cache-Control'] === 'no-cache', 'hosting: sw.js is served no-cache');

console.log(failures.length === 0 ? '\nBuild checks: all green' : `\nBuild checks: ${failures.length} failed`);
process.exit(failures.length === 0 ? 0 : 1);
