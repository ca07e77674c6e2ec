/**
 * firebase.json: Hosting serves dist/ as a single-page app, hashed assets cached for
 * a year, index.html and the service worker never stale, the web app manifest with its type, and security headers — a CSP that allows only the hosts the
 * app talks to — on every response; the Emulator Suite on fixed ports; rules and index files
 * that exist.
 *
 * Rules are evaluated with the Hosting emulator's own matcher (firebase-tools → superstatic,
 * RE2 for `regex`, a later rule overriding an earlier one's header). scripts/dev/serve-dist.mjs,
 * which the Playwright journeys run behind, is started and must send the same headers.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { configMatcher, re2Available } from 'superstatic/lib/utils/patterns';
import { emulatorHost } from '@/backend/firebase/core/firebase-services';
import { FRAME_CSP, ROUTE_PRELOAD_CSP, STALE_CHECK_CSP } from '../../scripts/build/prerender-stale-check';
import { startServeDist } from '../../scripts/dev/serve-dist-process.cjs';

interface HostingRule {
  source?: string;
  glob?: string;
  regex?: string;
}
interface HeaderRule extends HostingRule {
  headers: { key: string; value: string }[];
}
interface FirebaseJson {
  emulators: Record<string, { host: string; port: number; enabled?: boolean }> & { singleProjectMode?: boolean };
  firestore: { rules: string; indexes: string };
  storage: { rules: string };
  hosting: {
    public: string;
    ignore: string[];
    rewrites: (HostingRule & { destination?: string })[];
    headers: HeaderRule[];
  };
}

const ROOT = path.resolve(__dirname, '../..');
const config = JSON.parse(readFileSync(path.join(ROOT, 'firebase.json'), 'utf8')) as FirebaseJson;
const { hosting } = config;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const APP_ROUTES = ['/', '/desk/tickets/abc', '/requests/new'];
/** Guest pages the build pre-renders into their own HTML file (DESIGN §12). */
const PRERENDERED = ['/sign-in', '/sign-up', '/reset-password'];
const APP_PATHS = [...APP_ROUTES, ...PRERENDERED, '/index.html'];
const HASHED_PATHS = ['/assets/main.0123abcd.js', '/assets/410.5c1946bfb9.js', '/assets/main.0123abcd.js.map'];
/** The offline shell's service worker (DESIGN §12): a browser must always see the deployed one. */
const SERVICE_WORKER = '/sw.js';
const MANIFEST = '/manifest.webmanifest';
const SAMPLE_PATHS = [
  ...APP_PATHS,
  ...HASHED_PATHS,
  '/assets/main.js',
  '/favicon.ico',
  SERVICE_WORKER,
  MANIFEST,
  '/icons/icon-192.png',
];

/** The headers Hosting sends for a path: every matching rule in order, a later key overriding. */
function headersFor(pathname: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const rule of hosting.headers) {
    if (!configMatcher(pathname, rule)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/** Where Hosting's first matching rewrite sends a path that is not a file, if anywhere. */
function rewriteOf(pathname: string): string | undefined {
  return hosting.rewrites.find((rule) => configMatcher(pathname, rule))?.destination;
}

/** A CSP as directive → sources. */
function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const text of policy.split(';')) {
    const [name, ...sources] = text.trim().split(/\s+/);
    if (!name) continue;
    expect(directives.has(name)).toBe(false);
    directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

const csp = parseCsp(headersFor('/')['Content-Security-Policy'] ?? '');
const sourcesOf = (directive: string) => csp.get(directive) ?? [];

/**
 * Every source the fetch directives allow, with why the app needs it. A new host is a
 * deliberate change here, next to its reason.
 */
const ALLOWED: Record<string, Record<string, string>> = {
  'default-src': { "'self'": 'everything else only from the site itself' },
  'script-src': {
    "'self'": 'the webpack chunks',
    [STALE_CHECK_CSP]: 'the pre-rendered pages’ head script, by its hash (scripts/build/prerender-stale-check.ts)',
    [ROUTE_PRELOAD_CSP]: 'index.html’s route preload script, by its hash (scripts/build/prerender-stale-check.ts)',
    [FRAME_CSP]: 'index.html’s signed-in frame script, by its hash (scripts/build/prerender-stale-check.ts)',
    'https://apis.google.com': 'gapi, which Firebase Auth loads for signInWithPopup',
    'https://www.google.com/recaptcha/': 'reCAPTCHA v2 api.js (and Auth’s enterprise.js)',
    'https://www.gstatic.com/recaptcha/': 'the reCAPTCHA release script api.js loads',
  },
  'style-src': {
    "'self'": 'stylesheets of the site',
    "'unsafe-inline'": 'antd CSS-in-JS inserts <style> tags; a static header cannot carry a nonce',
  },
  'img-src': {
    "'self'": 'images of the site',
    'data:': 'inline SVG/data images (antd, attachment previews of the local backend)',
    'blob:': 'attachment previews from fetched blobs',
    'https://firebasestorage.googleapis.com': 'attachment and avatar download URLs',
    'https://*.googleusercontent.com': 'Google account photos',
    'https://www.google.com/images/cleardot.gif': 'Firestore WebChannel’s connectivity probe',
  },
  'connect-src': {
    "'self'": 'the site itself',
    'https://identitytoolkit.googleapis.com': 'Firebase Auth',
    'https://securetoken.googleapis.com': 'Firebase Auth token refresh',
    'https://firestore.googleapis.com': 'Cloud Firestore',
    'https://firebasestorage.googleapis.com': 'Cloud Storage uploads, getBlob',
    'https://*.cloudfunctions.net': 'callable Cloud Functions (deleteAccount)',
    'wss://*.firebaseio.com': 'Realtime Database (presence)',
    'wss://*.firebasedatabase.app': 'Realtime Database outside us-central1',
  },
  'frame-src': {
    'https://*.firebaseapp.com': 'the authDomain iframe of signInWithPopup',
    'https://accounts.google.com': 'Google sign-in',
    'https://www.google.com/recaptcha/': 'the reCAPTCHA checkbox',
    'https://recaptcha.google.com/recaptcha/': 'the reCAPTCHA challenge',
  },
};

describe('firebase.json hosting', () => {
  it('deploys the production build in dist/, without build reports or dotfiles', () => {
    expect(hosting.public).toBe('dist');
    expect(hosting.ignore).toEqual(expect.arrayContaining(['firebase.json', 'build-report.json', '**/.*']));
  });

  it.each(APP_ROUTES)('rewrites the app route %s to /index.html (single-page app)', (pathname) => {
    expect(rewriteOf(pathname)).toBe('/index.html');
  });

  it.each(PRERENDERED)('serves the pre-rendered page %s from its own file', (pathname) => {
    expect(rewriteOf(pathname)).toBe(`${pathname}.html`);
  });

  it.each(['/assets/gone.0123abcd.js', '/favicon.ico'])(
    'answers a missing file %s with a 404, not index.html served as script',
    (pathname) => {
      expect(rewriteOf(pathname)).toBeUndefined();
    },
  );

  it.each(APP_PATHS)('sends Cache-Control: no-cache for %s', (pathname) => {
    expect(headersFor(pathname)['Cache-Control']).toBe('no-cache');
  });

  it.each(HASHED_PATHS)('caches the content-hashed asset %s for a year, immutable', (pathname) => {
    expect(headersFor(pathname)['Cache-Control']).toBe(IMMUTABLE);
  });

  it('serves the service worker no-cache, so a deploy reaches open tabs at their next update check', () => {
    expect(headersFor(SERVICE_WORKER)['Cache-Control']).toBe('no-cache');
    expect(rewriteOf(SERVICE_WORKER)).toBeUndefined();
  });

  it('serves the web app manifest as application/manifest+json, not long-cached', () => {
    expect(headersFor(MANIFEST)).toMatchObject({
      'Content-Type': 'application/manifest+json',
      'Cache-Control': 'no-cache',
    });
  });

  it('does not make an unhashed file immutable', () => {
    expect(headersFor('/assets/main.js')['Cache-Control']).toBe('no-cache');
    expect(headersFor('/favicon.ico')['Cache-Control']).toBe('no-cache');
  });

  it.each(SAMPLE_PATHS)('sends every security header on %s', (pathname) => {
    const headers = headersFor(pathname);
    expect(headers).toMatchObject({
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      'X-Frame-Options': 'DENY',
      'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
      'Content-Security-Policy': headersFor('/')['Content-Security-Policy'],
    });
    const hsts = /^max-age=(\d+); includeSubDomains$/.exec(headers['Strict-Transport-Security'] ?? '');
    expect(Number(hsts?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('evaluates regex rules with RE2, as Hosting does', () => {
    expect(re2Available()).toBe(true);
  });
});

describe('the Content-Security-Policy', () => {
  it('forbids framing, plugins, base-URI and form hijacking', () => {
    expect(sourcesOf('frame-ancestors')).toEqual(["'none'"]);
    expect(sourcesOf('object-src')).toEqual(["'none'"]);
    expect(sourcesOf('base-uri')).toEqual(["'self'"]);
    expect(sourcesOf('form-action')).toEqual(["'self'"]);
  });

  it('allows no eval and no inline script', () => {
    for (const [directive, sources] of csp) {
      expect([directive, sources.filter((source) => /unsafe-eval|wasm-unsafe-eval/.test(source))]).toEqual([
        directive,
        [],
      ]);
    }
    expect(sourcesOf('script-src')).not.toContain("'unsafe-inline'");
  });

  it.each(['script-src', 'connect-src', 'frame-src', 'img-src', 'default-src'])(
    'has no wildcard, bare-scheme or plain-http source in %s',
    (directive) => {
      const loose = sourcesOf(directive).filter(
        (source) => source === '*' || /^[a-z-]+:$/.test(source) || source.startsWith('http://'),
      );
      // data: and blob: images are the app's own bytes (previews), not a network origin.
      expect(loose.filter((source) => !(directive === 'img-src' && ['data:', 'blob:'].includes(source)))).toEqual([]);
    },
  );

  it.each(Object.keys(ALLOWED))('allows exactly the sources %s needs', (directive) => {
    expect([...sourcesOf(directive)].sort()).toEqual(Object.keys(ALLOWED[directive] ?? {}).sort());
  });

  it("lets the site's own service worker, manifest and icons load (worker-src and manifest-src fall back)", () => {
    // worker-src falls back to script-src (via child-src), manifest-src to default-src.
    expect(csp.has('worker-src') || csp.has('child-src') || csp.has('manifest-src')).toBe(false);
    expect(sourcesOf('script-src')).toContain("'self'");
    expect(sourcesOf('default-src')).toContain("'self'");
    expect(sourcesOf('img-src')).toContain("'self'");
  });

  it('never allows the emulators (serve-dist adds them for the emulator build only)', () => {
    expect(headersFor('/')['Content-Security-Policy']).not.toMatch(/127\.0\.0\.1|localhost/);
  });
});

describe('firebase.json services', () => {
  const savedEnv = { ...process.env };
  afterEach(() => {
    process.env = { ...savedEnv };
  });

  it('runs the Emulator Suite on the fixed ports the README and the adapter use', () => {
    expect(config.emulators).toMatchObject({
      singleProjectMode: true,
      auth: { host: '127.0.0.1', port: 9099 },
      firestore: { host: '127.0.0.1', port: 8080 },
      storage: { host: '127.0.0.1', port: 9199 },
      ui: { enabled: true, host: '127.0.0.1', port: 4000 },
    });
    for (const variable of [
      'FIREBASE_AUTH_EMULATOR_HOST',
      'FIRESTORE_EMULATOR_HOST',
      'FIREBASE_STORAGE_EMULATOR_HOST',
    ]) {
      delete process.env[variable];
    }
    for (const service of ['auth', 'firestore', 'storage'] as const) {
      expect(emulatorHost(service)).toEqual({
        host: config.emulators[service]?.host,
        port: config.emulators[service]?.port,
      });
    }
  });

  it('deploys rules and indexes from files that exist', () => {
    expect(config.firestore).toEqual({ rules: 'firestore.rules', indexes: 'firestore.indexes.json' });
    expect(config.storage).toEqual({ rules: 'storage.rules' });
    for (const file of [config.firestore.rules, config.firestore.indexes, config.storage.rules]) {
      expect([file, existsSync(path.join(ROOT, file))]).toEqual([file, true]);
    }
    const indexes = JSON.parse(readFileSync(path.join(ROOT, config.firestore.indexes), 'utf8')) as {
      indexes?: unknown;
    };
    expect(Array.isArray(indexes.indexes)).toBe(true);
  });
});

function fetchHead(port: number, pathname: string): Promise<{ status: number; headers: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    get({ host: '127.0.0.1', port, path: pathname }, (response) => {
      response.resume();
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(response.headers)) headers[key] = String(value);
      resolve({ status: response.statusCode ?? 0, headers });
    }).once('error', reject);
  });
}

describe('scripts/dev/serve-dist.mjs (what the Playwright journeys run behind)', () => {
  let dir: string;
  const servers: ChildProcess[] = [];

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'serve-dist-'));
    mkdirSync(path.join(dir, 'assets'));
    writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Triage</title>');
    for (const file of ['main.0123abcd.js', '410.5c1946bfb9.js', 'main.0123abcd.js.map', 'main.js']) {
      writeFileSync(path.join(dir, 'assets', file), '//');
    }
    writeFileSync(path.join(dir, 'build-report.json'), '{}');
    writeFileSync(path.join(dir, 'sw.js'), '//');
    writeFileSync(path.join(dir, 'manifest.webmanifest'), '{}');
    writeFileSync(path.join(dir, '.env'), 'SECRET=1');
  });

  afterAll(() => {
    for (const child of servers) child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends the headers firebase.json gives each path, with a report-uri for CSP violations', async () => {
    const { child, port } = await startServeDist(dir);
    servers.push(child);
    for (const pathname of SAMPLE_PATHS) {
      const { headers } = await fetchHead(port, pathname);
      const expected = headersFor(pathname);
      for (const [key, value] of Object.entries(expected)) {
        const want = key === 'Content-Security-Policy' ? `${value}; report-uri /__csp-report` : value;
        expect([pathname, key, headers[key.toLowerCase()]]).toEqual([pathname, key, want]);
      }
    }
  });

  it('serves files, rewrites app routes to index.html and 404s what Hosting would not serve', async () => {
    const { child, port } = await startServeDist(dir);
    servers.push(child);
    const statusOf = async (pathname: string) => (await fetchHead(port, pathname)).status;
    expect(await statusOf('/desk/tickets/abc')).toBe(200);
    expect((await fetchHead(port, '/desk/tickets/abc')).headers['content-type']).toMatch(/^text\/html/);
    expect(await statusOf('/assets/main.0123abcd.js')).toBe(200);
    expect(await statusOf('/assets/gone.0123abcd.js')).toBe(404);
    expect(await statusOf('/build-report.json')).toBe(404);
    expect(await statusOf('/.env')).toBe(404);
    expect(await statusOf('/../firebase.json')).toBe(404);
  });

  it('serves the service worker as script and no-cache, and the manifest with its type', async () => {
    const { child, port } = await startServeDist(dir);
    servers.push(child);
    const worker = await fetchHead(port, SERVICE_WORKER);
    expect([worker.status, worker.headers['cache-control']]).toEqual([200, 'no-cache']);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript/);
    const manifest = await fetchHead(port, MANIFEST);
    expect([manifest.status, manifest.headers['content-type']]).toEqual([200, 'application/manifest+json']);
  });

  it('adds the emulator origins to the CSP only with --emulators', async () => {
    const { child, port } = await startServeDist(dir, { args: ['--emulators'] });
    servers.push(child);
    const served = parseCsp((await fetchHead(port, '/')).headers['content-security-policy'] ?? '');
    expect(served.get('connect-src')).toEqual(
      expect.arrayContaining([
        'http://127.0.0.1:9099',
        'http://127.0.0.1:8080',
        'http://127.0.0.1:9199',
        'http://127.0.0.1:5001',
      ]),
    );
    expect(served.get('frame-src')).toContain('http://127.0.0.1:9099');
    expect(served.get('img-src')).toContain('http://127.0.0.1:9199');
    expect(served.get('script-src')).toEqual(sourcesOf('script-src'));
  });
});
