/**
 * Attachments in Cloud Storage (DESIGN §4): `tickets/{ticketId}/{messageId}/{fileName}`.
 * Loaded on demand (it imports `firebase/storage`).
 */
import { deleteObject, getBytes, getMetadata, ref, uploadBytesResumable } from 'firebase/storage';
import { avatarPath } from '@/domain/avatars';
import { avatarFileSchema } from '@/domain/schemas';
import { refusals } from '@/domain/errors/refusals';
import { attachmentFileSchema, parseInput } from '@/domain/schemas';
import type { Attachment } from '@/domain/types';
import type { Listener } from '@/backend/port/subscriptions';
import type { FileToUpload, UploadProgress } from '@/backend/port/files';
import { attachmentPath } from '@/domain/attachment-paths';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import type { StorageContext } from '@/backend/firebase/core/context';

/** An upload that passed its checks: where it goes and the content type to store. */
export interface CheckedUpload {
  path: string;
  contentType: string;
}

/**
 * Checks an upload before any network call: ids, size (the bytes, not the declared size, and
 * at most 10 MB) and type (DESIGN §3).
 * @throws AppError `invalid-argument`.
 */
export function checkUpload(ticketId: string, messageId: string, file: FileToUpload): CheckedUpload {
  const size = Math.max(file.size, file.data.size);
  const checked = parseInput(attachmentFileSchema, { name: file.name, size, contentType: file.contentType });
  return {
    path: attachmentPath(ticketId, messageId, checked.name),
    contentType: checked.contentType.toLowerCase(),
  };
}

/**
 * Uploads a checked attachment with `uploadBytesResumable`.
 * @param onProgress called with bytes sent so far.
 * @param signal aborting it cancels the upload (`task.cancel()`).
 * @returns the stored path.
 * @throws AppError `unauthenticated`, `cancelled`, `permission-denied` (the Storage rules),
 *   `unavailable`.
 */
export function uploadAttachment(
  { storage, auth }: StorageContext,
  upload: CheckedUpload,
  data: Blob,
  onProgress?: Listener<UploadProgress>,
  signal?: AbortSignal,
): Promise<string> {
  const uid = auth.currentUser?.uid;
  if (!uid) return Promise.reject(refusals.signedOut());
  if (signal?.aborted) return Promise.reject(refusals.uploadCancelled());
  return new Promise<string>((resolve, reject) => {
    const task = uploadBytesResumable(ref(storage, upload.path), data, {
      contentType: upload.contentType,
      // Lets the uploader open the file before the message that carries it is sent.
      customMetadata: { uploadedBy: uid },
    });
    const onAbort = () => task.cancel();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    task.on(
      'state_changed',
      (snapshot) => onProgress?.({ bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes }),
      (error) => {
        settle();
        reject(signal?.aborted ? refusals.uploadCancelled() : toAppError(error));
      },
      () => {
        settle();
        resolve(upload.path);
      },
    );
  });
}

/** The object URL last made for each path: replaced on each read, the old one revoked a minute later. */
const objectUrls = new Map<string, string>();
/** How long a replaced object URL stays valid (ms): an image still showing it has re-rendered by then. */
const REVOKE_AFTER_MS = 60_000;

/**
 * A URL the browser can open for a stored path: the file is read with the signed-in person's
 * rights (`getBytes`: the Storage rules decide, at this moment) into a `blob:` URL of this page.
 * No long-lived download token is handed out: someone who loses access (a role change, a deleted
 * account) loses the file with it, as DESIGN §4 says. Costs a download per read, not a redirect.
 * @throws AppError `not-found`, `permission-denied`.
 */
export async function downloadUrl({ storage }: StorageContext, path: string): Promise<string> {
  try {
    const file = ref(storage, path);
    const [bytes, metadata] = await Promise.all([getBytes(file), getMetadata(file)]);
    const url = URL.createObjectURL(new Blob([bytes], { type: metadata.contentType ?? '' }));
    const before = objectUrls.get(path);
    objectUrls.set(path, url);
    if (before) {
      const timer = setTimeout(() => URL.revokeObjectURL(before), REVOKE_AFTER_MS);
      // In Node (the contract tests) the timer must not keep the process alive.
      (timer as { unref?: () => void }).unref?.();
    }
    return url;
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * The attachments as Storage holds them: the stored size and content type replace the
 * caller's word, so a message cannot claim a file it does not have, and each must have been
 * uploaded by the writer (its `uploadedBy` metadata).
 * @throws AppError `invalid-argument` for a file that was never uploaded, `permission-denied`
 *   for someone else's upload (or when the Storage rules refuse the read).
 */
export async function storedAttachments(
  { storage, auth }: StorageContext,
  attachments: readonly Attachment[],
): Promise<Attachment[]> {
  const uid = auth.currentUser?.uid;
  if (!uid) throw refusals.signedOut();
  return Promise.all(
    attachments.map(async (file) => {
      try {
        const metadata = await getMetadata(ref(storage, file.path));
        if (metadata.customMetadata?.uploadedBy !== uid) {
          throw refusals.uploadedBySomeoneElse(file.name);
        }
        return {
          path: file.path,
          name: file.name,
          size: metadata.size,
          contentType: metadata.contentType ?? file.contentType,
        };
      } catch (error) {
        const mapped = toAppError(error);
        if (mapped.code === 'not-found') {
          throw refusals.notUploaded(file.name);
        }
        throw mapped;
      }
    }),
  );
}

/**
 * Who uploaded a stored file (its `uploadedBy` metadata), or `null` when it does not say.
 * @throws AppError `not-found`, `permission-denied`.
 */
export async function uploaderOf({ storage }: StorageContext, path: string): Promise<string | null> {
  try {
    const metadata = await getMetadata(ref(storage, path));
    return metadata.customMetadata?.uploadedBy ?? null;
  } catch (error) {
    throw toAppError(error);
  }
}

/**
 * Uploads the signed-in person's picture to `avatars/{uid}/avatar` (replacing any earlier one).
 * @returns the stored path.
 * @throws AppError `invalid-argument` (type, size), `unauthenticated`, or what Storage refuses.
 */
export async function uploadAvatar(
  { storage, auth }: StorageContext,
  file: FileToUpload,
  onProgress?: Listener<UploadProgress>,
): Promise<string> {
  const meta = parseInput(avatarFileSchema, {
    size: Math.max(file.size, file.data.size),
    contentType: file.contentType,
  });
  const uid = auth.currentUser?.uid;
  if (!uid) throw refusals.signedOut();
  const path = avatarPath(uid);
  const task = uploadBytesResumable(ref(storage, path), file.data, { contentType: meta.contentType.toLowerCase() });
  await new Promise<void>((resolve, reject) => {
    task.on(
      'state_changed',
      (snapshot) => onProgress?.({ bytesTransferred: snapshot.bytesTransferred, totalBytes: snapshot.totalBytes }),
      (error) => reject(toAppError(error)),
      () => resolve(),
    );
  });
  return path;
}

/** Deletes the signed-in person's picture; nothing to delete is fine. */
export async function removeAvatar({ storage, auth }: StorageContext): Promise<void> {
  const uid = auth.currentUser?.uid;
  if (!uid) throw refusals.signedOut();
  await deleteObject(ref(storage, avatarPath(uid))).catch((error: unknown) => {
    const mapped = toAppError(error);
    if (mapped.code !== 'not-found') throw mapped;
  });
}
