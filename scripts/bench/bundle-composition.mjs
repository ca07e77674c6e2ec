#!/usr/bin/env node
// Prints which packages make up a route's first-visit JS, from a production build's source
// maps: minified bytes per package and an estimate of their gzip share.
// Usage: node scripts/bench/bundle-composition.mjs [dist] [route=sign-in]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import sourceMap from 'source-map';

const dir = process.argv[2] ?? 'dist';
const route = process.argv[3] ?? 'sign-in';
const report = JSON.parse(readFileSync(path.join(dir, 'build-report.json'), 'utf8'));
const files = [...report.entry.files, ...(report.routes[route]?.files ?? [])];

const packageOf = (source) => {
  const match = source?.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  return match
    ? match[1]
    : (source ?? '?')
        .replace(/^webpack:\/\/[^/]*\//, '')
        .split('/')
        .slice(0, 3)
        .join('/');
};

const bytes = new Map();
let minified = 0;
let gzipped = 0;
for (const file of files) {
  const code = readFileSync(path.join(dir, file), 'utf8');
  minified += code.length;
  gzipped += gzipSync(code, { level: 9 }).length;
  const consumer = new sourceMap.SourceMapConsumer(JSON.parse(readFileSync(path.join(dir, `${file}.map`), 'utf8')));
  let previous = null;
  consumer.eachMapping((mapping) => {
    if (previous && previous.generatedLine === mapping.generatedLine) {
      const key = packageOf(previous.source);
      bytes.set(key, (bytes.get(key) ?? 0) + mapping.generatedColumn - previous.generatedColumn);
    }
    previous = mapping;
  });
}

const ratio = gzipped / minified;
console.log(
  `${route}: ${files.length} files, ${(minified / 1024).toFixed(0)} KiB minified, ${(gzipped / 1024).toFixed(1)} KiB gzip`,
);
for (const [key, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 30)) {
  console.log(
    `  ${(size / 1024).toFixed(1).padStart(7)} KiB min  ~${((size * ratio) / 1024).toFixed(1).padStart(5)} KiB gzip  ${key}`,
  );
}
