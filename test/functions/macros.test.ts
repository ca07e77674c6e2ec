/**
 * The move from canned replies to macros by trusted code (functions/src/macros.ts) against a real
 * Firestore emulator: every well-formed canned reply of `settings/canned-replies` becomes the
 * shared, text-only macro with its id, title and body, none lost; the document goes; a macro
 * already there is kept; a second run moves nothing. Skips without FIRESTORE_EMULATOR_HOST.
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { moveCannedRepliesToMacros, wellFormedCannedReplies } from '../../functions/src/macros';
import { macroFrom } from '@/domain/macros';

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
        { id: 'a/b', title: 'Not a document id', body: 'No' },
      ]),
    ).toEqual([greeting, closing]);
    expect(wellFormedCannedReplies('not a list')).toEqual([]);
  });
});

describeIfFirestore('trusted code: moveCannedRepliesToMacros', () => {
  let app: App;
  let db: Firestore;
  beforeAll(() => {
    app = initializeApp({ projectId: 'demo-triage' }, `macros-${Date.now().toString(36)}`);
    db = getFirestore(app);
  });
  afterAll(() => deleteApp(app));
  beforeEach(async () => {
    await Promise.all(['hello', 'bye', 'kept'].map((id) => db.doc(`macros/${id}`).delete()));
  });

  it('moves every canned reply into a shared text-only macro and deletes the document; a rerun moves nothing', async () => {
    const ref = db.doc('settings/canned-replies');
    await ref.set({ replies: [greeting, { x: 1 }, closing], updatedAt: new Date() });
    await expect(moveCannedRepliesToMacros(db)).resolves.toBe(2);
    expect((await ref.get()).exists).toBe(false);
    for (const reply of [greeting, closing]) {
      const stored = await db.doc(`macros/${reply.id}`).get();
      expect(macroFrom(stored.id, stored.data())).toEqual({ ...reply, actions: {}, ownerId: null });
    }
    await expect(moveCannedRepliesToMacros(db)).resolves.toBe(0);
  });

  it('keeps a macro already stored under a reply’s id', async () => {
    await db.doc('macros/hello').set({ title: 'Kept', body: 'Kept body', actions: {}, ownerId: null });
    await db.doc('settings/canned-replies').set({ replies: [greeting] });
    await expect(moveCannedRepliesToMacros(db)).resolves.toBe(0);
    expect((await db.doc('macros/hello').get()).get('title')).toBe('Kept');
  });
});
