#!/usr/bin/env node
// Serves a production build as Firebase Hosting serves it, with superstatic — the engine of
// Hosting's own emulator, run as `firebase emulators:start --only hosting` runs it (the "strict"
// stack: redirects, headers, files, rewrites, 404; compression on) — from firebase.json's
// `hosting` block, so the Playwright journeys run under the production CSP. What superstatic
// leaves to the deploy or does differently from the hosted site, this module adds, and only that:
// - `ignore`: the deploy never uploads those files (firebase-tools lists the public directory
//   with them ignored); superstatic serves whatever is on disk, so an ignored file is a 404 here;
// - content types where superstatic's table differs from the hosted site's (JavaScript as
//   `text/javascript`, the web app manifest without a charset);
// - a `report-uri` in the CSP and its endpoint, so a violation is printed (and with
//   CSP_REPORT_FILE set, appended to that file as one JSON line);
// - `--emulators`: the Emulator Suite's origins (firebase.json `emulators`) added to the CSP, for
//   the USE_EMULATORS=true build only; firebase.json itself never allows them.
//
// Usage: node scripts/dev/serve-dist.mjs [dir=dist] [port=4173] [--emulators]
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const superstatic = require('superstatic').default;
const fsProvider = require('superstatic/lib/providers/fs');
const { configMatcher } = require('superstatic/lib/utils/patterns');
// superstatic's own copies, so that a path is matched here exactly as its middleware matches it.
const requireFromSuperstatic = createRequire(require.resolve('superstatic'));
const slasher = requireFromSuperstatic('glob-slasher');
const minimatch = requireFromSuperstatic('minimatch');

/** The hosted site's content types where superstatic's (mime-types) differ, by extension. */
const HOSTING_TYPES = {
  '.js': 'text/javascript; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Where the served CSP tells the browser to report violations. */
export const CSP_REPORT_PATH = '/__csp-report';

/**
 * The custom headers Hosting sends for a request path: every `headers` rule whose `source`/`glob`
 * (minimatch) or `regex` (RE2) matches, in order, a later rule overriding an earlier one's key —
 * superstatic's header middleware, whose matcher this calls.
 * @param hosting firebase.json's `hosting` object.
 * @returns header name → value.
 */
export function headersFor(hosting, pathname) {
  const headers = {};
  for (const rule of hosting.headers ?? []) {
    const glob = rule.source ?? rule.glob;
    const normalized = glob === undefined ? rule : { ...rule, source: slasher(glob), glob: undefined };
    if (!configMatcher(slasher(pathname), normalized)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/**
 * Whether a file of the public directory (path relative to it, `/`-separated) is deployed: not
 * matched by an `ignore` glob, as firebase-tools lists the files to upload (dot files included).
 */
export function isDeployed(hosting, relativePath) {
  return !(hosting.ignore ?? []).some((glob) => minimatch(relativePath, glob, { dot: true }));
}

/**
 * Adds sources to directives of a CSP (a missing directive is appended), keeping the rest.
 * @param csp the policy text.
 * @param additions directive name → sources to add.
 * @returns the widened policy text.
 */
export function widenCsp(csp, additions) {
  const directives = csp.split(';').map((text) => text.trim().split(/\s+/));
  for (const [name, sources] of Object.entries(additions)) {
    const directive = directives.find(([directiveName]) => directiveName === name);
    if (directive) directive.push(...sources);
    else directives.push([name, ...sources]);
  }
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** The CSP additions for the Emulator Suite of firebase.json (auth popup iframe, Storage images, callable functions). */
export function emulatorCspAdditions(emulators) {
  const origin = (name) => `http://${emulators[name].host}:${emulators[name].port}`;
  return {
    'connect-src': ['auth', 'firestore', 'storage', 'functions'].map(origin),
    'frame-src': [origin('auth')],
    'img-src': [origin('storage')],
  };
}

function logViolation(body) {
  let report;
  try {
    report = JSON.parse(body)['csp-report'] ?? JSON.parse(body);
  } catch {
    report = { unparsed: body };
  }
  console.error(
    `serve-dist: CSP violation: ${report['effective-directive'] ?? report['violated-directive']} blocked ` +
      `${report['blocked-uri']} on ${report['document-uri']}`,
  );
  if (process.env.CSP_REPORT_FILE) appendFileSync(process.env.CSP_REPORT_FILE, `${JSON.stringify(report)}\n`);
}

/**
 * A file provider for superstatic: its file-system provider over `root`, except that files the
 * deploy leaves out are not there, and with the hosted site's content types.
 */
function deployedFiles(root, hosting) {
  const files = fsProvider({ cwd: root, public: '.' });
  return async (request, pathname) => {
    let relative;
    try {
      relative = decodeURI(pathname).replace(/^\/+/, '');
    } catch {
      return null;
    }
    if (!isDeployed(hosting, relative)) return null;
    const found = await files(request, pathname);
    const type = HOSTING_TYPES[path.extname(relative)];
    return found && type ? { ...found, contentType: type } : found;
  };
}

function serve(root, port, emulators) {
  const config = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));
  const { hosting } = config;
  const additions = { ...(emulators ? emulatorCspAdditions(config.emulators) : {}), 'report-uri': [CSP_REPORT_PATH] };
  const served = {
    ...hosting,
    public: '.',
    headers: (hosting.headers ?? []).map((rule) => ({
      ...rule,
      headers: rule.headers.map(({ key, value }) =>
        key === 'Content-Security-Policy' ? { key, value: widenCsp(value, additions) } : { key, value },
      ),
    })),
  };
  const hostingEngine = superstatic({
    config: served,
    cwd: root,
    stack: 'strict',
    compression: true,
    provider: deployedFiles(root, hosting),
  });

  createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === CSP_REPORT_PATH && request.method === 'POST') {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        logViolation(body);
        response.writeHead(204).end();
      });
      return;
    }
    // What superstatic passes on is what Hosting answers with its 404 (the build has no 404.html).
    hostingEngine(request, response, () => {
      response.statusCode = 404;
      response.setHeader('Content-Type', 'text/plain; charset=utf-8');
      response.end('Not found');
    });
  }).listen(port, '127.0.0.1', () =>
    console.log(`serve-dist: ${root} on http://127.0.0.1:${port}${emulators ? ' (CSP allows the emulators)' : ''}`),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
  const [dir = 'dist', portArg] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
  const unknown = flags.filter((flag) => flag !== '--emulators');
  if (unknown.length > 0) {
    console.error(`serve-dist: unknown option ${unknown.join(' ')}`);
    process.exit(1);
  }
  const root = path.resolve(dir);
  if (!existsSync(path.join(root, 'index.html'))) {
    console.error(`serve-dist: ${root}/index.html is missing; run npm run build first.`);
    process.exit(1);
  }
  serve(root, Number(portArg ?? process.env.PORT ?? 4173), flags.includes('--emulators'));
}
