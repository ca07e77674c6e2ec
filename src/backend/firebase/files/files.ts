/**
 * The Firebase {@link FilesPort}: Cloud Storage through `storage-files.ts`, with the checks the
 * Storage rules also make (who may attach to, and open the files of, a ticket), loaded on first
 * use. The local twin is `local/files/files.ts`.
 */
import { parseAttachmentPath } from '@/domain/attachment-paths';
import { refusals } from '@/domain/errors/refusals';
import type { FilesPort } from '@/backend/port/files';
import { call, currentUid, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/files/storage-files');
const loadTickets = () => import('@/backend/firebase/tickets/firestore-tickets');
const loadMessages = () => import('@/backend/firebase/messages/firestore-messages');
const loadUsers = () => import('@/backend/firebase/users/firestore-users');
const loadQuota = () => import('@/backend/firebase/files/firestore-upload-quota');

/** The Firebase files port. */
export function createFirebaseFiles(ctx: FirebaseContext): FilesPort {
  return {
    uploadAttachment: (ticketId, messageId, file, onProgress, signal) =>
      call(async () => {
        const files = await load();
        const upload = files.checkUpload(ticketId, messageId, file);
        if (signal?.aborted) throw refusals.uploadCancelled();
        const firestore = await ctx.firestore();
        await (await loadTickets()).assertMayAttach(firestore, ticketId);
        // The Storage rules take only a path the uploader's quota lists (DESIGN §4).
        await (await loadQuota()).listUploadPath(firestore, upload.path);
        if (signal?.aborted) throw refusals.uploadCancelled();
        return files.uploadAttachment(await ctx.storage(), upload, file.data, onProgress, signal);
      }),
    getDownloadUrl: (path) =>
      call(async () => {
        if (!/^[^/]+(\/[^/]+)+$/.test(path)) throw refusals.fileNotFound();
        const files = await load();
        const attachment = parseAttachmentPath(path);
        if (attachment) {
          const firestore = await ctx.firestore();
          const access = await (
            await loadMessages()
          ).attachmentAccess(firestore, attachment.ticketId, attachment.messageId);
          if (
            access === 'uploader-only' &&
            (await files.uploaderOf(await ctx.storage(), path)) !== currentUid(firestore.auth)
          ) {
            throw refusals.notYourFile();
          }
        }
        return files.downloadUrl(await ctx.storage(), path);
      }),
    uploadAvatar: (file, onProgress) =>
      call(async () => {
        const path = await (await load()).uploadAvatar(await ctx.storage(), file, onProgress);
        await (await loadUsers()).setOwnPhotoPath(await ctx.firestore(), path);
        return path;
      }),
    removeAvatar: () =>
      call(async () => {
        await (await load()).removeAvatar(await ctx.storage());
        await (await loadUsers()).setOwnPhotoPath(await ctx.firestore(), null);
      }),
  };
}
