/**
 * Uploading one attachment, as a plain thunk: the file, the progress callback and the abort
 * signal never enter an action (they are not serializable), and the backend comes from the
 * store's extra argument like every other call (DESIGN §5).
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { FileToUpload, UploadProgress } from '@/backend/port/files';
import type { Backend } from '@/backend/port/backend';

/** What to upload where. */
export interface UploadRequest {
  ticketId: string;
  messageId: string;
  file: FileToUpload;
  /** Called as bytes go out. */
  onProgress?: (progress: UploadProgress) => void;
  /** Aborts the upload; the promise then rejects with code `cancelled`. */
  signal?: AbortSignal;
}

/**
 * Uploads to `tickets/{ticketId}/{messageId}/{name}` (DESIGN §4).
 * @returns (when dispatched) a promise of the stored path.
 * @throws (rejects with) AppError `invalid-argument` over 10 MB or of a type DESIGN §3 refuses,
 *   `cancelled` when aborted, `permission-denied` for a ticket the person may not write to.
 */
export function uploadAttachment(
  request: UploadRequest,
): ThunkAction<Promise<string>, unknown, Backend, UnknownAction> {
  return (_dispatch, _getState, backend) =>
    backend.files.uploadAttachment(
      request.ticketId,
      request.messageId,
      request.file,
      request.onProgress,
      request.signal,
    );
}
