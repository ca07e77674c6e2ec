/**
 * The README's `npm start`, as a newcomer opens it: the dev server (webpack-dev-server, local
 * backend) at both http://localhost:PORT and http://127.0.0.1:PORT. Both must connect live
 * reload (its WebSocket opens and gets the build's hash) and log no console error, also for a
 * few seconds after — the server binds 127.0.0.1, and a page at `localhost` whose live-reload
 * socket went to 127.0.0.1 was refused with "Invalid Host/Origin header": its hash never came,
 * and the client logged the refusal at once and again at each retry (one second, then doubling).
 * Starts its own dev server on a free port (E2E_DEV_PORT, default 3117) and stops it after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';

const PORT = Number(process.env.E2E_DEV_PORT ?? 3117);
/** How long each page is watched once live reload has its hash: a first retry's refusal falls inside. */
const WATCH_MS = 5_000;
/** How long live reload may take to connect and get the hash (the first page load compiles nothing more). */
const CONNECT_MS = 30_000;
let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = spawn('npx', ['webpack', 'serve', '--mode', 'development'], {
    env: { ...process.env, PORT: String(PORT), BACKEND: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 150_000;
  for (;;) {
    const up = await fetch(`http://127.0.0.1:${PORT}/`).then(
      (response) => response.ok,
      () => false,
    );
    if (up && /compiled/i.test(output)) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the dev server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
});

/** Opens `url` and records its console errors and whether live reload connected. */
async function watched(page: Page, url: string) {
  const errors: string[] = [];
  const liveReload = { opened: false, hash: false };
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('websocket', (socket) => {
    if (!socket.url().endsWith('/ws')) return;
    liveReload.opened = true;
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"hash"')) liveReload.hash = true;
    });
  });
  await page.goto(url);
  // The dev server's first compile, beside another journey on two cores: a bound for a hang.
  await expect(page.getByRole('heading', { name: /sign in/i })).toBeVisible({ timeout: 60_000 });
  return { errors, liveReload };
}

test('the dev server works at localhost and 127.0.0.1: live reload connects, the console stays clean', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const [byName, byAddress] = await Promise.all([context.newPage(), context.newPage()]);
  const [atLocalhost, atAddress] = await Promise.all([
    watched(byName, `http://localhost:${PORT}/`),
    watched(byAddress, `http://127.0.0.1:${PORT}/`),
  ]);
  const both = [
    ['localhost', atLocalhost],
    ['127.0.0.1', atAddress],
  ] as const;
  for (const [name, seen] of both) {
    await expect
      .poll(() => seen.liveReload, { message: `live reload at ${name}`, timeout: CONNECT_MS })
      .toEqual({ opened: true, hash: true });
  }
  await byName.waitForTimeout(WATCH_MS);
  for (const [name, seen] of both) expect(seen.errors, `console errors at ${name}`).toEqual([]);
  await context.close();
});
