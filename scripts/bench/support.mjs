// What the browser benchmarks (queue.mjs, reports.mjs, live-queue.mjs) share: a production local
// build that is reused while newer than every source file, code of src/ bundled for the page,
// the build served by scripts/dev/serve-dist.mjs, Debian's Chromium through playwright-core, and the
// quantile of a list of times.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { build } from 'esbuild';
import serveDistProcess from '../dev/serve-dist-process.cjs';

const { startServeDist } = serveDistProcess;

/** The build's own configuration: webpack's, its plugins and loader, the packages, the example environment. */
const BUILD_FILES = [
  'webpack.config.ts',
  'package.json',
  '.env.example',
  'scripts/build/gzip-budget-plugin.ts',
  'scripts/build/prerender-plugin.ts',
  'scripts/build/prerender-stale-check.ts',
  'scripts/build/icu-catalogue-loader.cjs',
];

/**
 * The newest modification time (ms) of what a production build is made of: src/, public/, the
 * webpack configuration and its plugins, package.json and .env.example.
 */
export function newestSourceTime() {
  let newest = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  for (const dir of ['src', 'public']) if (existsSync(dir)) walk(dir);
  for (const file of BUILD_FILES) if (existsSync(file)) newest = Math.max(newest, statSync(file).mtimeMs);
  return newest;
}

/**
 * Whether `dir` holds a build newer than its sources whose JS contains `marker` (what tells the
 * builds apart: the local adapter's session key, the Firebase demo project's id).
 */
export function isFreshBuild(dir, marker) {
  const assets = path.join(dir, 'assets');
  if (!existsSync(path.join(dir, 'index.html')) || !existsSync(assets)) return false;
  if (statSync(path.join(dir, 'index.html')).mtimeMs <= newestSourceTime()) return false;
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .some((file) => readFileSync(path.join(assets, file), 'utf8').includes(marker));
}

/**
 * Makes sure `dist` holds a production local build newer than the sources: reuses it, or builds
 * it (BACKEND=local; budgets reported, not enforced — a benchmark measures speed). Exits the
 * process when the build fails.
 * @param name the benchmark's name, for its messages.
 * @param rebuild build even when the build is fresh.
 */
export function ensureLocalBuild(name, dist, rebuild) {
  if (!rebuild && isFreshBuild(dist, 'triage.local.session')) {
    console.log(`${name}: reusing the production build in ${path.relative('.', dist) || '.'}/`);
    return;
  }
  console.log(`${name}: building the production local build into ${path.relative('.', dist)}/ …`);
  const { status } = spawnSync(`npx webpack --mode production --output-path ${JSON.stringify(dist)}`, {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: true,
    env: { ...process.env, BACKEND: 'local', BUDGETS: 'report' },
  });
  if (status !== 0) {
    console.error(`${name}: the build failed.`);
    process.exit(1);
  }
}

/**
 * Bundles modules of src/ (the `@/` alias works) for the page: an IIFE that sets
 * `window[globalName]`, to pass to `page.evaluate` (the DevTools protocol, which the page's CSP allows).
 * @param exports the entry's source: `export … from '…'` lines.
 */
export async function bundleForPage(exports, globalName) {
  const result = await build({
    stdin: { contents: exports.join('\n'), resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    write: false,
    format: 'iife',
    globalName,
    platform: 'browser',
    target: 'es2022',
    alias: { '@': path.resolve('src') },
    tsconfig: 'tsconfig.json',
    logLevel: 'error',
  });
  return result.outputFiles[0].text.concat(`\nwindow.${globalName} = ${globalName};`);
}

/**
 * Serves `dist` on 127.0.0.1:`port` (a free port when absent) and starts Debian's Chromium (or `$CHROMIUM`).
 * @returns the browser, the server's origin, and `stop()` that closes both (also run on Ctrl-C;
 *   the server never outlives the process).
 */
export async function serveAndLaunch(dist, port) {
  const server = await startServeDist(dist, { port });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const stop = async () => {
    await browser.close().catch(() => undefined);
    server.stop();
  };
  process.on('SIGINT', () => void stop().then(() => process.exit(130)));
  process.on('exit', () => server.stop());
  return { browser, origin: server.origin, stop };
}

/** The `q` quantile (0–1) of `values`, interpolated between the two nearest. */
export function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.ceil(at)] - sorted[low]) * (at - low);
}
