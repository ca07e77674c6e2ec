#!/usr/bin/env node
// Serves a production build as Firebase Hosting would: static files, SPA fallback to
// index.html, long cache for hashed assets. Used by the Playwright journeys.
// Usage: node scripts/serve-dist.mjs [dir=dist] [port=4173]
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? 'dist');
const port = Number(process.argv[3] ?? process.env.PORT ?? 4173);
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.map': 'application/json',
  '.css': 'text/css',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

if (!existsSync(path.join(root, 'index.html'))) {
  console.error(`serve-dist: ${root}/index.html is missing; run npm run build first.`);
  process.exit(1);
}

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  let file = path.join(root, path.normalize(decodeURIComponent(url.pathname)));
  if (!file.startsWith(root) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(root, 'index.html');
  const hashed = file.includes(`${path.sep}assets${path.sep}`);
  response.writeHead(200, {
    'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  });
  createReadStream(file).pipe(response);
}).listen(port, '127.0.0.1', () => console.log(`serve-dist: ${root} on http://127.0.0.1:${port}`));
