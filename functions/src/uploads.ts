/**
 * Orphan uploads on Firebase (DESIGN §4), twin of the local `deleteOrphanUploads`: every upload
 * of an attachment is recorded by trusted code (`uploads/{sha256(path)}`, on Storage's
 * "object finalized" event), and the scheduled pass deletes the files whose message was never
 * sent within a day (`isOrphanUpload`) — abandoned replies, requests never submitted, files put
 * under an invented ticket id — then their records. A record whose message was sent is dropped.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import type { getStorage } from 'firebase-admin/storage';
import { isOrphanUpload, ORPHAN_UPLOAD_AFTER_MS, parseAttachmentPath } from '@/domain/attachment-paths';
import { hexOf, sha256 } from '@/domain/mail/digests';

/** A Cloud Storage bucket, as the Admin SDK hands it out. */
export type Bucket = ReturnType<ReturnType<typeof getStorage>['bucket']>;

/** The collection of recorded uploads (trusted code only). */
export const UPLOADS = 'uploads';
/** Records looked at per scheduled pass; the rest wait for the next pass. */
const PASS_LIMIT = 500;

/** The record id of a path: 32 hex characters of its SHA-256 (any path, one document id). */
async function uploadId(path: string): Promise<string> {
  return hexOf(await sha256(path), 16);
}

/**
 * Records an upload (the Storage trigger): its path, ticket and message, and when it was
 * finalised. Attachments only; a retried event writes the same record again.
 * @param uploadedAt ms since the epoch (the object's creation time).
 * @returns whether a record was written.
 */
export async function recordUpload(db: Firestore, path: string, uploadedAt: number): Promise<boolean> {
  const ids = parseAttachmentPath(path);
  if (!ids) return false;
  await db
    .collection(UPLOADS)
    .doc(await uploadId(path))
    .set({ path, ...ids, uploadedAt: Timestamp.fromMillis(uploadedAt) });
  return true;
}

/**
 * One clean-up pass: the records at least a day old; for each, its file is deleted unless its
 * message exists, then the record (a file already gone counts as deleted).
 * @param now ms since the epoch.
 * @returns the paths of the files deleted.
 */
export async function deleteOrphanUploads(db: Firestore, bucket: Bucket, now: number): Promise<string[]> {
  const due = await db
    .collection(UPLOADS)
    .where('uploadedAt', '<=', Timestamp.fromMillis(now - ORPHAN_UPLOAD_AFTER_MS))
    .limit(PASS_LIMIT)
    .get();
  const deleted: string[] = [];
  for (const record of due.docs) {
    const path = String(record.get('path') ?? '');
    const ids = parseAttachmentPath(path);
    const uploadedAt = (record.get('uploadedAt') as Timestamp | undefined)?.toDate().toISOString() ?? '';
    const sent = ids ? (await db.doc(`tickets/${ids.ticketId}/messages/${ids.messageId}`).get()).exists : false;
    if (ids && isOrphanUpload({ path, uploadedAt }, sent, now)) {
      await bucket.file(path).delete({ ignoreNotFound: true });
      deleted.push(path);
    }
    await record.ref.delete();
  }
  return deleted;
}
