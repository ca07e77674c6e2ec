/**
 * Attachments on IndexedDB, the local stand-in for Cloud Storage (DESIGN §4): stored under
 * `tickets/{ticketId}/{messageId}/{name}`, size and type checked as the Storage rules would,
 * readable only by people who may read the message. A new request's files are uploaded before
 * the request exists (to the ticket id it will be submitted with): anyone signed in may do
 * that, and until the ticket exists only the uploader may read them. Each path is first listed
 * in the uploader's quota (`planUploadQuota`: at most 100 a day), as on Firebase.
 */
import { readerFor } from '@/backend/local/tickets/reader';
import type { Listener } from '@/backend/port/subscriptions';
import type { FilesPort, FileToUpload, UploadProgress } from '@/backend/port/files';
import { can } from '@/domain/policy';
import { assertMayAttach } from '@/domain/plans/reply';
import { principalOf } from '@/domain/plans/ticket-write';
import { readableTicket, refusals } from '@/domain/errors/refusals';
import { attachmentFileSchema, parseInput } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import { isoAt, requireUser, runCall, type LocalContext, runWrite } from '@/backend/local/core/context';
import type { FileRecord } from '@/backend/local/core/db';
import { attachmentPath } from '@/domain/attachment-paths';
import { planUploadQuota } from '@/domain/upload-quota';
import { avatarPath, isAvatarPath } from '@/domain/avatars';
import { avatarFileSchema } from '@/domain/schemas';

/** Bytes read per step; each step reports progress and checks for cancellation. */
const CHUNK_BYTES = 1024 * 1024;

const PATH_PATTERN = /^tickets\/([^/]+)\/([^/]+)\/([^/]+)$/;

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  // jsdom's Blob has no arrayBuffer(); its FileReader does the same job.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (reader.result instanceof ArrayBuffer) resolve(reader.result);
      else reject(new Error('The file could not be read.'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(blob);
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) binary += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(binary);
}

/** The local {@link FilesPort}. */
export function createLocalFiles(ctx: LocalContext): FilesPort {
  const { db } = ctx;
  // One object URL per stored version of a path: repeated renders must not leak a Blob each.
  const objectUrls = new Map<string, { version: string; url: string }>();

  /**
   * Throws unless `me` may write `path` now (DESIGN §1, §4): on an existing ticket, whoever may
   * attach files to it while it is not closed; on a ticket not submitted yet, anyone signed in
   * (it will be their request — `tickets.create` accepts only their own uploads). Nobody
   * overwrites someone else's file.
   */
  async function assertMayUpload(me: UserProfile, ticketId: string, path: string): Promise<void> {
    assertMayAttach(me, await db.tickets.get(ticketId));
    const existing = await db.files.get(path);
    if (existing && existing.uploadedBy !== me.uid) throw refusals.pathTaken();
  }

  /**
   * The stored file, if `me` may read it: before its ticket exists, only its uploader; then
   * staff, and a requester for files of public replies and their own unsent uploads.
   * @throws AppError `not-found`, `permission-denied`.
   */
  async function readableFile(me: UserProfile, path: string, ticketId: string, messageId: string): Promise<FileRecord> {
    const stored = await db.tickets.get(ticketId);
    const file = await db.files.get(path);
    if (!stored) {
      if (!file) throw refusals.fileNotFound();
      if (file.uploadedBy !== me.uid) throw refusals.notYourFile();
      return file;
    }
    readableTicket(await readerFor(db, me), stored);
    if (!can(principalOf(me), 'ticket.readInternal')) {
      // A customer reads files of public messages, and their own upload before it is sent.
      const message = await db.messages.get([ticketId, messageId]);
      const allowed = message ? !message.internal : file?.uploadedBy === me.uid;
      if (!allowed) throw refusals.notYourFile();
    }
    if (!file) throw refusals.fileNotFound();
    return file;
  }

  function urlFor(record: FileRecord): string {
    if (typeof URL.createObjectURL !== 'function') {
      return `data:${record.contentType};base64,${toBase64(new Uint8Array(record.data))}`;
    }
    const cached = objectUrls.get(record.path);
    if (cached?.version === record.createdAt) return cached.url;
    if (cached) URL.revokeObjectURL(cached.url);
    const url = URL.createObjectURL(new Blob([record.data], { type: record.contentType }));
    objectUrls.set(record.path, { version: record.createdAt, url });
    return url;
  }

  return {
    uploadAttachment: (
      ticketId: string,
      messageId: string,
      file: FileToUpload,
      onProgress?: Listener<UploadProgress>,
      signal?: AbortSignal,
    ) =>
      runWrite(ctx, async () => {
        if (signal?.aborted) throw refusals.uploadCancelled();
        // The bytes decide the size; a declared size can only make the check stricter.
        const totalBytes = file.data.size;
        const meta = parseInput(attachmentFileSchema, {
          name: file.name,
          size: Math.max(file.size, totalBytes),
          contentType: file.contentType,
        });
        const path = attachmentPath(ticketId, messageId, meta.name);
        // Checked, and listed in the uploader's quota, before a single byte is read: a refused
        // upload costs nothing, and files beyond the day's bound are refused (DESIGN §4).
        await db.transaction('rw', [db.users, db.tickets, db.files, db.uploadQuotas], async () => {
          const me = await requireUser(ctx);
          await assertMayUpload(me, ticketId, path);
          const stored = await db.uploadQuotas.get(me.uid);
          const plan = planUploadQuota(stored ?? null, path, ctx.now());
          if (plan.kind !== 'listed') await db.uploadQuotas.put({ uid: me.uid, ...plan.quota });
        });

        onProgress?.({ bytesTransferred: 0, totalBytes });
        const bytes = new Uint8Array(totalBytes);
        for (let offset = 0; offset < totalBytes; offset += CHUNK_BYTES) {
          if (signal?.aborted) throw refusals.uploadCancelled();
          const chunk = new Uint8Array(
            await readBytes(file.data.slice(offset, Math.min(totalBytes, offset + CHUNK_BYTES))),
          );
          bytes.set(chunk, offset);
          onProgress?.({ bytesTransferred: offset + chunk.length, totalBytes });
        }
        if (signal?.aborted) throw refusals.uploadCancelled();

        await db.transaction('rw', [db.users, db.tickets, db.files], async () => {
          // Again, inside the write: the ticket may have closed while the bytes were read.
          const me = await requireUser(ctx);
          await assertMayUpload(me, ticketId, path);
          await db.files.put({
            path,
            ticketId,
            messageId,
            name: meta.name,
            contentType: meta.contentType.toLowerCase(),
            size: totalBytes,
            data: bytes.buffer,
            uploadedBy: me.uid,
            createdAt: isoAt(ctx.now()),
          });
        });
        return path;
      }),

    getDownloadUrl: (path: string) =>
      runCall(ctx, async () => {
        if (isAvatarPath(path)) {
          // Anyone signed in sees a person's picture (DESIGN §4), as the Storage rules say.
          await requireUser(ctx);
          const avatar = await db.files.get(path);
          if (!avatar) throw refusals.fileNotFound();
          return urlFor(avatar);
        }
        const match = PATH_PATTERN.exec(path);
        const [, ticketId = '', messageId = ''] = match ?? [];
        if (!match) throw refusals.fileNotFound();
        const record = await db.transaction(
          'r',
          [db.users, db.tickets, db.messages, db.files, db.organisations],
          async () => readableFile(await requireUser(ctx), path, ticketId, messageId),
        );
        return urlFor(record);
      }),

    uploadAvatar: (file: FileToUpload, onProgress?: Listener<UploadProgress>) =>
      runWrite(ctx, async () => {
        const totalBytes = file.data.size;
        const meta = parseInput(avatarFileSchema, {
          size: Math.max(file.size, totalBytes),
          contentType: file.contentType,
        });
        const me = await requireUser(ctx);
        onProgress?.({ bytesTransferred: 0, totalBytes });
        const bytes = await readBytes(file.data);
        onProgress?.({ bytesTransferred: totalBytes, totalBytes });
        const path = avatarPath(me.uid);
        const at = isoAt(ctx.now());
        await db.transaction('rw', [db.users, db.files], async () => {
          const current = await requireUser(ctx);
          await db.files.put({
            path,
            ticketId: '',
            messageId: '',
            name: file.name,
            contentType: meta.contentType.toLowerCase(),
            size: totalBytes,
            data: bytes,
            uploadedBy: current.uid,
            createdAt: at,
          });
          await db.users.put({ ...current, photoPath: path, updatedAt: at });
        });
        return path;
      }),

    removeAvatar: () =>
      runWrite(ctx, async () => {
        await db.transaction('rw', [db.users, db.files], async () => {
          const me = await requireUser(ctx);
          await db.files.delete(avatarPath(me.uid));
          const { photoPath: _removed, ...rest } = me;
          await db.users.put({ ...rest, updatedAt: isoAt(ctx.now()) });
        });
      }),
  };
}
