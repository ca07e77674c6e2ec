/**
 * The files port (DESIGN §4, §9): attachments and avatars in Cloud Storage, or blobs in IndexedDB.
 */
import type { Listener } from '@/backend/port/subscriptions';

/** A file picked in the browser, about to be uploaded. */
export interface FileToUpload {
  name: string;
  /** Bytes. */
  size: number;
  contentType: string;
  data: Blob;
}

/** Upload progress: bytes sent so far of the total. */
export interface UploadProgress {
  bytesTransferred: number;
  totalBytes: number;
}

/** Cloud Storage (DESIGN §4), or blobs in IndexedDB. */
export interface FilesPort {
  /**
   * Uploads an attachment to `tickets/{ticketId}/{messageId}/{name}`. The ticket may not
   * exist yet (a new request's files are uploaded before it is submitted with that id); the
   * files then stay readable only by their uploader until a message of that ticket holds them.
   * @param signal aborts the upload (rejects with `cancelled`).
   * @returns the stored path.
   * @throws AppError `invalid-argument` over 10 MB or of a type DESIGN §3 does not allow;
   *   `resource-exhausted` when the uploader has listed 100 paths within the day (DESIGN §4
   *   "Uploads are bounded"; a retry of a listed path does not count again).
   */
  uploadAttachment(
    ticketId: string,
    messageId: string,
    file: FileToUpload,
    onProgress?: Listener<UploadProgress>,
    signal?: AbortSignal,
  ): Promise<string>;
  /**
   * A URL the browser can open or download for a stored path, for people who may read it
   * (an avatar, `avatars/{uid}/avatar`: anyone signed in).
   * @throws AppError `not-found` (no such file: e.g. a person without a picture), `permission-denied`.
   */
  getDownloadUrl(path: string): Promise<string>;
  /**
   * Makes an image the signed-in person's picture (DESIGN §9): stored at `avatarPath(uid)`
   * (replacing any earlier one) and named on their profile (`photoPath`).
   * @returns the stored path.
   * @throws AppError `invalid-argument` over 2 MB or not a PNG, JPEG, GIF or WebP image; `unauthenticated`.
   */
  uploadAvatar(file: FileToUpload, onProgress?: Listener<UploadProgress>): Promise<string>;
  /** Removes the signed-in person's picture (their initials show again). */
  removeAvatar(): Promise<void>;
}
