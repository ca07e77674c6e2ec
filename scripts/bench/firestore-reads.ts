/**
 * `npm run reads:firebase` (inside the Emulator Suite: Auth, Firestore and Functions): the
 * Firestore document reads each main screen of the Firebase build costs on load and per live
 * change (DESIGN §3 "Finding people"; docs/benchmarks.md "Firestore reads per screen"). The emulator counts
 * no reads, so the app counts them itself: the Firebase adapter's read meter
 * (`src/backend/firebase/core/read-meter.ts`) adds each document a get or query returns, each
 * document a listener delivers first and each one added, changed or removed later, and one per
 * 1 000 index entries of a count — only when the page defines `globalThis.__triageReadMeter`,
 * which this script does before the app loads.
 *
 * It builds the Firebase flavour with the emulator settings of `.env.example` into
 * `dist-firebase/` (unless one is there; `--rebuild` to force), seeds the demo desk
 * (`seedFirebaseEmulators`), serves the build with `serve-dist.mjs --emulators`, and drives
 * Debian's Chromium with playwright-core: for each screen a fresh load by a signed-in person,
 * reads counted until nothing more is read for 2.5 s; then one change written with the Admin SDK
 * to something the screen shows, and the reads it caused. Figures, not a test.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { getApps, initializeApp } from 'firebase-admin/app';
import { FieldValue, getFirestore, type Firestore } from 'firebase-admin/firestore';
import { DEMO_ACCOUNTS, type DemoAccount } from '@/backend/local/seed/demo-accounts';
import { seedFirebaseEmulators } from '../ops/seed-firebase';
import { startServeDist } from '../dev/serve-dist-process.cjs';

const PROJECT_ID = 'demo-triage';
const DIST = 'dist-firebase';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Reads count as settled once none has come for this long. */
const QUIET_MS = 2_500;
/** Longest wait for a screen to settle. */
const SETTLE_LIMIT_MS = 45_000;

if (!process.env.FIREBASE_AUTH_EMULATOR_HOST || process.env.FIRESTORE_EMULATOR_HOST !== '127.0.0.1:8080') {
  console.error(
    'reads:firebase needs the Auth emulator and Firestore on 127.0.0.1:8080, where the emulator build looks ' +
      '(run it with npm run reads:firebase).',
  );
  process.exit(2);
}

/** One line of the table. */
interface Row {
  screen: string;
  load: number;
  change: string;
  changeReads: number | null;
  note: string;
}

function ensureBuild(): void {
  if (existsSync(`${DIST}/index.html`) && !process.argv.includes('--rebuild')) {
    console.log(`reads:firebase: reusing the Firebase emulator build in ${DIST}/ (--rebuild to build again)`);
    return;
  }
  console.log(`reads:firebase: building the Firebase emulator build into ${DIST}/ …`);
  const { status } = spawnSync('node scripts/build/firebase-example.mjs', {
    stdio: ['ignore', 'ignore', 'inherit'],
    shell: true,
    env: { ...process.env, BUDGETS: 'report' },
  });
  if (status !== 0) {
    console.error('reads:firebase: the build failed.');
    process.exit(1);
  }
}

/** The page's read total so far (0 before the app set it up). */
async function readsOf(page: Page): Promise<number> {
  return page.evaluate(() => globalThis.__triageReadMeter?.reads ?? 0);
}

/** The reads logged since the last call, summed by kind ("listen 26, count 10, …"); empties the log. */
async function readKinds(page: Page): Promise<string> {
  const log = await page.evaluate(() => globalThis.__triageReadMeter?.log.splice(0) ?? []);
  const byKind = new Map<string, number>();
  for (const { what, reads } of log) byKind.set(what, (byKind.get(what) ?? 0) + reads);
  return [...byKind].map(([what, reads]) => `${what} ${reads}`).join(', ') || 'none';
}

/** Waits until no read has come for {@link QUIET_MS}; the total then. */
async function settledReads(page: Page): Promise<number> {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  let last = await readsOf(page);
  let since = Date.now();
  while (Date.now() < deadline) {
    await page.waitForTimeout(250);
    const now = await readsOf(page);
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= QUIET_MS) break;
  }
  return last;
}

/** A signed-in browser context for `who` (Firebase Auth keeps one session per context). */
async function signedIn(browser: Browser, base: string, who: DemoAccount): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: base });
  await context.addInitScript(() => {
    globalThis.__triageReadMeter = { reads: 0, log: [] };
  });
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/sign-in'), { timeout: 30_000 });
  await page.close();
  return context;
}

/**
 * Loads `path` on a fresh page of `context`, counts the reads until settled, then runs `change`
 * (a write with the Admin SDK) and counts the reads it caused.
 */
async function measure(
  context: BrowserContext,
  screen: string,
  path: string,
  ready: (page: Page) => Promise<unknown>,
  change: { what: string; run: () => Promise<unknown> } | null,
  note: (page: Page) => Promise<string> = () => Promise.resolve(''),
): Promise<Row> {
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  await page.goto(path);
  try {
    await ready(page);
  } catch (error) {
    const text = (await page.locator('body').innerText()).slice(0, 300);
    throw new Error(`${screen}: the screen did not show (${text}; ${problems.join(' | ')})`, { cause: error });
  }
  const load = await settledReads(page);
  const loadKinds = await readKinds(page);
  let changeReads: number | null = null;
  let changeKinds = '';
  if (change) {
    await change.run();
    changeReads = (await settledReads(page)) - load;
    changeKinds = await readKinds(page);
  }
  const row = { screen, load, change: change?.what ?? '—', changeReads, note: await note(page) };
  console.log(
    `reads:firebase: ${screen}: ${load} on load (${loadKinds})` +
      `${changeReads === null ? '' : `, ${changeReads} per change (${changeKinds})`} ${row.note}`,
  );
  await page.close();
  return row;
}

/** Longest wait for the seed's Cloud Function runs to end. */
const TRIGGERS_LIMIT_MS = 300_000;
/** They count as ended once no document of these collections has changed for this long. */
const TRIGGERS_QUIET_MS = 8_000;

/** Waits until trusted code has stopped writing tickets, people and statistics (see above). */
async function triggersSettled(db: Firestore): Promise<void> {
  const started = Date.now();
  let lastWrite = Date.now();
  const stops = ['tickets', 'users', 'stats'].map((name) =>
    db.collection(name).onSnapshot(
      () => {
        lastWrite = Date.now();
      },
      () => undefined,
    ),
  );
  try {
    while (Date.now() - lastWrite < TRIGGERS_QUIET_MS && Date.now() - started < TRIGGERS_LIMIT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    for (const stop of stops) stop();
  }
  console.log(
    `reads:firebase: the seed's Cloud Function runs ended after ${Math.round((Date.now() - started) / 1000)} s`,
  );
}

function account(email: string): DemoAccount {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.email === email);
  if (!found) throw new Error(`no demo account ${email}`);
  return found;
}

/** Touches a ticket as an agent's property change would (the trigger then writes its audit entry). */
function touchTicket(db: Firestore, id: string, agentUid: string) {
  return async () => {
    const ticket = db.doc(`tickets/${id}`);
    const priority = (await ticket.get()).get('priority') === 'high' ? 'normal' : 'high';
    await ticket.update({ priority, updatedAt: FieldValue.serverTimestamp(), updatedBy: agentUid });
  };
}

async function main(): Promise<void> {
  ensureBuild();
  const report = await seedFirebaseEmulators({ projectId: PROJECT_ID });
  console.log(`reads:firebase: demo desk seeded (${report.documents} documents written)`);
  const app = getApps()[0] ?? initializeApp({ projectId: PROJECT_ID });
  const db = getFirestore(app);
  const users = await db.collection('users').get();
  const uidOf = (email: string) => users.docs.find((user) => user.get('email') === email)?.id ?? '';
  const [dana, priya] = [uidOf('dana@example.test'), uidOf('priya@triage.test')];
  const danas = await db.collection('tickets').where('requesterId', '==', dana).orderBy('lastMessageAt', 'desc').get();
  const danaTicket = danas.docs[0]?.id ?? '';
  // The seed's writes start thousands of Cloud Function runs (search keys, statistics, mail):
  // their writes reaching a screen while it is measured would count as its reads.
  await triggersSettled(db);

  const server = await startServeDist(DIST, { args: ['--emulators'] });
  const base = server.origin;
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const rows: Row[] = [];
  try {
    const guest = await browser.newContext({ baseURL: base });
    await guest.addInitScript(() => {
      globalThis.__triageReadMeter = { reads: 0, log: [] };
    });
    rows.push(
      await measure(guest, 'sign-in (signed out)', '/sign-in', (page) => page.getByLabel('Email').waitFor(), null),
    );

    const customer = await signedIn(browser, base, account('dana@example.test'));
    rows.push(
      await measure(
        customer,
        'customer: my requests',
        '/requests',
        (page) => page.getByRole('heading', { level: 1 }).waitFor(),
        { what: 'a request’s priority changed', run: touchTicket(db, danaTicket, priya) },
      ),
    );
    rows.push(
      await measure(
        customer,
        'customer: new request',
        '/requests/new',
        (page) => page.getByLabel('Subject').waitFor(),
        null,
      ),
    );
    rows.push(
      await measure(
        customer,
        'customer: a request',
        `/requests/${danaTicket}`,
        (page) => page.getByRole('heading', { level: 1 }).waitFor(),
        { what: 'the request’s priority changed', run: touchTicket(db, danaTicket, priya) },
      ),
    );

    const agent = await signedIn(browser, base, account('priya@triage.test'));
    rows.push(
      await measure(
        agent,
        'agent: queue (All open)',
        '/desk?view=open',
        (page) => page.locator('tbody tr[data-ticket-id]').first().waitFor(),
        { what: 'a ticket on the page changed', run: touchTicket(db, danaTicket, priya) },
        async (page) => `(${await page.locator('tbody tr[data-ticket-id]').count()} rows shown)`,
      ),
    );
    rows.push(
      await measure(
        agent,
        'agent: a ticket',
        `/desk/tickets/${danaTicket}`,
        (page) => page.getByTestId('ticket-status').waitFor(),
        { what: 'the ticket’s priority changed', run: touchTicket(db, danaTicket, priya) },
      ),
    );
    rows.push(
      await measure(
        agent,
        'agent: reports (30 days)',
        '/reports?days=30',
        (page) => page.getByRole('heading', { level: 1 }).waitFor(),
        null,
      ),
    );

    const admin = await signedIn(browser, base, account('admin@triage.test'));
    rows.push(
      await measure(
        admin,
        'admin: people (first page)',
        '/admin',
        (page) => page.locator('.ant-list-item').first().waitFor(),
        { what: 'someone renamed', run: () => db.doc(`users/${dana}`).update({ displayName: 'Dana W.' }) },
        async (page) => `(${await page.locator('.ant-list-item').count()} people shown)`,
      ),
    );
    await db.doc(`users/${dana}`).update({ displayName: 'Dana Whitfield' });
  } finally {
    await browser.close();
    server.stop();
  }

  const total = users.size;
  console.log(`\nFirestore document reads per screen (Firebase build, demo desk of ${total} people):\n`);
  console.log('| screen | reads on load | live change | reads per change |');
  console.log('|---|---|---|---|');
  for (const row of rows) {
    console.log(
      `| ${row.screen} ${row.note} | ${row.load} | ${row.change} | ${row.changeReads === null ? '—' : row.changeReads} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
