/**
 * The Firebase side of the per-person upload bound (DESIGN §4 "Uploads are bounded"): before an
 * attachment's bytes go to Cloud Storage, its path is listed in the uploader's
 * `uploadQuotas/{uid}` as `planUploadQuota` decides — the Storage rules accept only listed paths,
 * and the Firestore rules let the owner only append one path or open a new window a day later.
 * Loaded with the files port's other Firebase code.
 */
import { doc, runTransaction, serverTimestamp } from 'firebase/firestore';
import { refusals } from '@/domain/errors/refusals';
import { planUploadQuota, UPLOAD_QUOTA, type UploadQuota } from '@/domain/upload-quota';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { isoFrom, stringsFrom } from '@/backend/firebase/core/firestore-values';
import { meterReads } from '@/backend/firebase/core/read-meter';
import { toAppError } from '@/backend/firebase/core/firebase-errors';

/**
 * Lists `path` in the signed-in person's upload quota (nothing to write for a path listed
 * already: a retry). A transaction, so files picked together list one after another.
 * @throws AppError `resource-exhausted` (`refusals.uploadQuotaFull`) when their window is full;
 *   `unauthenticated`; `unavailable` offline.
 */
export async function listUploadPath(ctx: FirestoreContext, path: string): Promise<void> {
  const uid = currentUid(ctx.auth);
  const ref = doc(ctx.db, 'uploadQuotas', uid);
  let opening = false;
  try {
    await runTransaction(ctx.db, async (tx) => {
      const snapshot = await tx.get(ref);
      meterReads(1, 'get');
      const data = snapshot.data();
      const quota: UploadQuota | null = data
        ? { windowStart: isoFrom(data.windowStart), paths: stringsFrom(data.paths) }
        : null;
      const plan = planUploadQuota(quota, path, Date.now());
      opening = plan.kind === 'open' && quota !== null;
      if (plan.kind === 'open') tx.set(ref, { windowStart: serverTimestamp(), paths: plan.quota.paths });
      else if (plan.kind === 'append') tx.update(ref, { paths: plan.quota.paths });
    });
  } catch (error) {
    const failure = toAppError(error);
    // This clock thought the full window a day old; the server's clock does not yet.
    if (opening && failure.code === 'permission-denied') throw refusals.uploadQuotaFull(UPLOAD_QUOTA.maxPaths, 1);
    throw failure;
  }
}
