/**
 * Orphan uploads (functions/src/uploads.ts, DESIGN §4) against the Firestore and Storage
 * emulators with the Admin SDK: an upload is recorded; a day later the scheduled pass deletes the
 * files whose message was never sent — an abandoned reply, an invented ticket id — and keeps a
 * sent message's file; a younger upload waits. Runs beside the Firebase contract, where the
 * Storage emulator is (skips without FIRESTORE_EMULATOR_HOST and FIREBASE_STORAGE_EMULATOR_HOST).
 */
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { ORPHAN_UPLOAD_AFTER_MS } from '@/domain/attachment-paths';
import { deleteOrphanUploads, recordUpload, UPLOADS, type Bucket } from '../../functions/src/uploads';
import { firestoreHost, freshId } from './emulator-app';

const storageHost = process.env.FIREBASE_STORAGE_EMULATOR_HOST;
const describeWithStorage = firestoreHost && storageHost ? describe : describe.skip;

let app: App | undefined;
let db: Firestore;
let bucket: Bucket;

beforeAll(() => {
  if (!firestoreHost || !storageHost) return;
  app = initializeApp({ projectId: 'demo-triage', storageBucket: 'demo-triage.appspot.com' }, freshId('uploads'));
  db = getFirestore(app);
  // A bucket of its own: the Functions emulator's `uploadFinalized` watches the default bucket and
  // would record these uploads again, as just made, racing the test's backdated records.
  bucket = getStorage(app).bucket('demo-triage-orphan-test');
});

afterAll(async () => {
  if (app) await deleteApp(app);
});

/** Puts a small file at `path` past the rules, as an upload would, and records it as the trigger does. */
async function upload(path: string, at: number): Promise<void> {
  await bucket.file(path).save('some text', { contentType: 'text/plain' });
  await recordUpload(db, path, at);
}

const exists = async (path: string) => (await bucket.file(path).exists())[0];

describeWithStorage('uploads whose message is never sent (functions/src/uploads.ts)', () => {
  it('deletes them a day after upload, keeps a sent message’s file, and lets a younger upload wait', async () => {
    const now = Date.now();
    const ticketId = freshId('t');
    await db.doc(`tickets/${ticketId}`).set({ subject: 'Printer', requesterId: 'carol', status: 'open' });
    await db.doc(`tickets/${ticketId}/messages/sent`).set({ body: 'The log', internal: false });
    const sent = `tickets/${ticketId}/sent/log.txt`;
    const abandoned = `tickets/${ticketId}/draft/draft.txt`;
    const invented = `tickets/${freshId('never')}/m1/junk.txt`;
    const young = `tickets/${ticketId}/later/new.txt`;
    const dayAgo = now - ORPHAN_UPLOAD_AFTER_MS;
    for (const path of [sent, abandoned, invented]) await upload(path, dayAgo);
    await upload(young, now - 60_000);
    // An avatar is no attachment: never recorded.
    expect(await recordUpload(db, 'avatars/carol/avatar', dayAgo)).toBe(false);

    const deleted = await deleteOrphanUploads(db, bucket, now);
    expect(deleted.sort()).toEqual([abandoned, invented].sort());
    expect(await exists(sent)).toBe(true);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(invented)).toBe(false);
    expect(await exists(young)).toBe(true);
    // The records of the day-old uploads are gone (the sent one's too); the young one waits.
    const left = (await db.collection(UPLOADS).get()).docs.map((record) => record.get('path') as string);
    expect(left).toContain(young);
    expect(left).not.toContain(sent);
    expect(left).not.toContain(abandoned);
    // A second pass finds nothing more; a file already gone does not fail it.
    await upload(abandoned, dayAgo);
    await bucket.file(abandoned).delete();
    expect(await deleteOrphanUploads(db, bucket, now)).toEqual([abandoned]);
  });
});
