#!/usr/bin/env node
// Serves a production build as Firebase Hosting serves it, from firebase.json's `hosting` block:
// a file of the build (unless `ignore`d), else the first matching rewrite, else 404; and the
// headers of every matching `headers` rule, a later rule overriding an earlier one's key (what
// Hosting and its emulator do). So the Playwright journeys run under the production CSP.
// Text responses (HTML, JavaScript, CSS, JSON, source maps, SVG, plain text, web app manifests)
// are gzipped when the request accepts gzip, as Hosting does (`Content-Encoding: gzip`,
// `Vary: Accept-Encoding`), so what the browser downloads weighs what it would in production.
//
// Usage: node scripts/dev/serve-dist.mjs [dir=dist] [port=4173] [--emulators]
//   --emulators  adds the Emulator Suite's origins (firebase.json `emulators`) to the CSP, for the
//                USE_EMULATORS=true build only; firebase.json itself never allows them.
// The served CSP also carries `report-uri /__csp-report`: each violation the browser reports is
// printed on stderr and, with CSP_REPORT_FILE set, appended to that file as one JSON line.
import { appendFileSync, createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
};

/** The extensions whose responses are gzipped for a client that accepts it (Hosting compresses text). */
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.map', '.svg', '.txt', '.webmanifest']);

/** Where the served CSP tells the browser to report violations. */
export const CSP_REPORT_PATH = '/__csp-report';

const escapeRegExp = (text) => text.replace(/[.+^${}()|\\]/g, '\\$&');

/**
 * Turns one path segment of a Hosting glob into a regular expression: `*` (not across `/`),
 * `?` and `{a,b}`. Like minimatch (Hosting's emulator), a wildcard never matches a leading dot.
 */
function segmentToRegExp(segment) {
  let out = segment.startsWith('*') || segment.startsWith('?') ? '(?!\\.)' : '';
  for (const part of segment.split(/(\*|\?|\{[^}]*\})/)) {
    if (part === '*') out += '[^/]*';
    else if (part === '?') out += '[^/]';
    else if (part.startsWith('{')) out += `(?:${part.slice(1, -1).split(',').map(escapeRegExp).join('|')})`;
    else out += escapeRegExp(part);
  }
  return out;
}

/**
 * Compiles a Hosting `source` glob (as firebase.json uses them: `**`, `*`, `?`, `{a,b}`).
 * `**` as a whole segment spans any number of segments that do not start with a dot.
 * @throws Error on glob syntax this matcher does not implement (`!`, `[…]`, extglobs), so a new
 *   pattern in firebase.json fails loudly here instead of being served differently than Hosting.
 */
export function globToRegExp(glob) {
  if (/[!@+[\]()]/.test(glob)) throw new Error(`serve-dist: glob syntax not implemented in "${glob}"`);
  const anySegment = '(?:[^/.][^/]*)?';
  const segments = glob.split('/');
  const body = segments
    .map((segment, index) => {
      const last = index === segments.length - 1;
      if (segment === '**') return last ? `${anySegment}(?:/${anySegment})*` : `(?:${anySegment}/)*`;
      return segmentToRegExp(segment) + (last ? '' : '/');
    })
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * Whether a firebase.json rule (`source`/`glob` or `regex`) applies to a request path.
 * Hosting's `regex` is RE2; the patterns used are plain enough to mean the same in JavaScript.
 */
export function ruleMatches(rule, pathname) {
  const glob = rule.source ?? rule.glob;
  if (glob !== undefined) return globToRegExp(glob).test(pathname);
  if (rule.regex !== undefined) return new RegExp(rule.regex, 'u').test(pathname);
  return false;
}

/**
 * The custom headers Hosting sends for a request path.
 * @param hosting firebase.json's `hosting` object.
 * @returns header name → value; where rules set the same key, the later rule's value.
 */
export function headersFor(hosting, pathname) {
  const headers = {};
  for (const rule of hosting.headers ?? []) {
    if (!ruleMatches(rule, pathname)) continue;
    for (const { key, value } of rule.headers) headers[key] = value;
  }
  return headers;
}

/** Whether a file of the public directory (path relative to it, `/`-separated) is deployed. */
export function isDeployed(hosting, relativePath) {
  return !(hosting.ignore ?? []).some((glob) => globToRegExp(glob).test(relativePath));
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

/**
 * Which file of the build answers a request path, as Hosting decides: a deployed file (a
 * directory answers with its index.html), else the first matching rewrite's destination.
 * @returns the absolute file path, or null for a 404.
 */
export function resolveFile(root, hosting, pathname) {
  const wanted = pathname.endsWith('/') ? `${pathname}index.html` : pathname;
  const file = path.join(root, path.normalize(wanted));
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (
    file.startsWith(root + path.sep) &&
    isDeployed(hosting, relative) &&
    existsSync(file) &&
    statSync(file).isFile()
  ) {
    return file;
  }
  const rewrite = (hosting.rewrites ?? []).find((rule) => ruleMatches(rule, pathname));
  return rewrite?.destination ? path.join(root, rewrite.destination) : null;
}

/**
 * Whether an `Accept-Encoding` header accepts gzip: listed (or `*`) with a quality above 0.
 * @param header the request's header value, if any.
 */
export function acceptsGzip(header) {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const accepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding.trim() === 'gzip') return accepted;
    if (coding.trim() === '*') star = accepted;
  }
  return star;
}

/** Gzipped files, by path, kept while the file's size and modification time stay the same. */
const gzipped = new Map();

/** The gzipped bytes of `file` (compressed once per version of the file). */
function gzipOf(file) {
  const { mtimeMs, size } = statSync(file);
  const cached = gzipped.get(file);
  if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.body;
  const body = gzipSync(readFileSync(file), { level: 9 });
  gzipped.set(file, { mtimeMs, size, body });
  return body;
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

function serve(root, port, emulators) {
  const config = JSON.parse(readFileSync(new URL('../../firebase.json', import.meta.url), 'utf8'));
  const { hosting } = config;
  const additions = emulators ? emulatorCspAdditions(config.emulators) : {};

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
    let pathname;
    try {
      pathname = decodeURIComponent(url.pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const headers = headersFor(hosting, pathname);
    const csp = headers['Content-Security-Policy'];
    if (csp) headers['Content-Security-Policy'] = widenCsp(csp, { ...additions, 'report-uri': [CSP_REPORT_PATH] });
    const file = resolveFile(root, hosting, pathname);
    // A rewrite to a file the build lacks (an older build) is a 404 on Hosting too.
    if (!file || !existsSync(file)) {
      response.writeHead(404, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    const extension = path.extname(file);
    const type = TYPES[extension] ?? 'application/octet-stream';
    if (!COMPRESSIBLE.has(extension)) {
      response.writeHead(200, { ...headers, 'Content-Type': type });
      createReadStream(file).pipe(response);
      return;
    }
    const vary = { ...headers, 'Content-Type': type, Vary: 'Accept-Encoding' };
    if (!acceptsGzip(request.headers['accept-encoding'])) {
      response.writeHead(200, vary);
      createReadStream(file).pipe(response);
      return;
    }
    const body = gzipOf(file);
    response.writeHead(200, { ...vary, 'Content-Encoding': 'gzip', 'Content-Length': body.length });
    response.end(request.method === 'HEAD' ? undefined : body);
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
