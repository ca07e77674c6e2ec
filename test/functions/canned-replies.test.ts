/**
 * The trusted check of `settings/canned-replies` (functions/src/canned-replies.ts) against a real
 * Firestore emulator: what a staff member's client may store but the rules cannot look into
 * (`[42, {x: 1}]`, a 20 000-character body, a repeated id) is dropped; a well-formed list is left
 * as it is; a run for an outdated version leaves the newer one alone.
 * Skips without FIRESTORE_EMULATOR_HOST.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { keepCannedRepliesWellFormed, wellFormedCannedReplies } from '../../functions/src/canned-replies';

const host = process.env.FIRESTORE_EMULATOR_HOST;
const describeIfFirestore = host ? describe : describe.skip;

const greeting = { id: 'hello', title: 'Hello', body: 'Hi {{requester.name}}, thanks for writing.' };
const closing = { id: 'bye', title: 'Closing', body: 'Glad we could help.' };

describe('well-formed canned replies', () => {
  it('keeps {id, title, body} entries of the right sizes, first of each id, titles trimmed', () => {
    expect(
      wellFormedCannedReplies([
        42,
        null,
        { x: 1 },
        greeting,
        { ...closing, title: '  Closing  ', extra: 'dropped field' },
        { ...greeting, title: 'Same id again' },
        { id: 'long', title: 'Too long', body: 'x'.repeat(20_000) },
        { id: 'untitled', title: '   ', body: 'No title' },
        { id: 7, title: 'Numeric id', body: 'No' },
      ]),
    ).toEqual([greeting, closing]);
    expect(wellFormedCannedReplies('not a list')).toEqual([]);
  });
});

describeIfFirestore('trusted code: keepCannedRepliesWellFormed', () => {
  let app: App;
  let db: Firestore;
  beforeAll(() => {
    app = initializeApp({ projectId: 'demo-triage' }, `canned-${Date.now().toString(36)}`);
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));

  it('rewrites a list with malformed entries, and leaves a well-formed one alone', async () => {
    const ref = db.doc('settings/canned-replies');
    await ref.set({ replies: [42, { x: 1 }, greeting, { id: 'big', title: 'Big', body: 'x'.repeat(20_000) }] });
    await expect(keepCannedRepliesWellFormed(await ref.get())).resolves.toBe(3);
    expect((await ref.get()).get('replies')).toEqual([greeting]);
    await expect(keepCannedRepliesWellFormed(await ref.get())).resolves.toBe(0);
  });

  it('leaves a newer version alone when it runs for an outdated one', async () => {
    const ref = db.doc('settings/canned-replies');
    await ref.set({ replies: [{ x: 1 }, greeting] });
    const outdated = await ref.get();
    await ref.set({ replies: [greeting, closing] });
    await expect(keepCannedRepliesWellFormed(outdated)).resolves.toBe(0);
    expect((await ref.get()).get('replies')).toEqual([greeting, closing]);
  });
});
