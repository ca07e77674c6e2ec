// Starting scripts/dev/serve-dist.mjs from other scripts and tests (the Lighthouse runs, the
// benchmarks, the Firestore read count, the Hosting and offline tests): a free port, the child
// process, and a promise that resolves once it listens. CommonJS, so that Node scripts, tsx,
// Playwright and Jest (ts-jest, CommonJS) all load the one copy.
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS module, see above */
const { spawn } = require('node:child_process');
const { createServer } = require('node:net');
const path = require('node:path');

const ROOT = path.join(__dirname, '..', '..');

/**
 * A TCP port nobody listens on at 127.0.0.1 right now.
 * @returns {Promise<number>}
 */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * Serves a build directory as Firebase Hosting does (scripts/dev/serve-dist.mjs, run from the
 * repository's root) and resolves once it listens.
 * @param {string} dir the build, absolute or relative to the repository's root.
 * @param {{ port?: number, args?: string[] }} [options] `port` (a free one when absent) and
 *   serve-dist's flags (e.g. `--emulators`).
 * @returns {Promise<{ child: import('node:child_process').ChildProcess, port: number, origin: string, stop: () => void }>}
 *   `stop()` ends the server (safe to call twice).
 * @throws when the server exits before listening, with what it printed on stderr.
 */
async function startServeDist(dir, options = {}) {
  const port = options.port ?? (await freePort());
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'scripts/dev/serve-dist.mjs'), dir, String(port), ...(options.args ?? [])],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += chunk.toString();
    process.stderr.write(chunk); // CSP reports and failures stay visible
  });
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (chunk.toString().includes('serve-dist:')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve-dist exited with ${code}: ${stderr.trim()}`)));
  });
  return { child, port, origin: `http://127.0.0.1:${port}`, stop: () => void child.kill() };
}

module.exports = { freePort, startServeDist };
