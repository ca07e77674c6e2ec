/**
 * Where attachments live (DESIGN §4: `tickets/{ticketId}/{messageId}/{fileName}`) and which ids
 * the port accepts from clients — the same for every backend (Cloud Storage, IndexedDB).
 */
import { refusals } from '@/domain/errors/refusals';
import { attachmentListSchema, parseInput } from '@/domain/schemas';
import type { Attachment } from '@/domain/types';

/** Ids the port accepts from clients (ticket and message ids): what Firestore allows in one path segment, minus oddities. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The folder a message's attachments live in, with its trailing slash. */
export function attachmentFolder(ticketId: string, messageId: string): string {
  return `tickets/${ticketId}/${messageId}/`;
}

/** A file name that stays one path segment: separators and control characters become `_`; ≤ 200 chars. */
export function safeFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go.
  const cleaned = name.replace(/[/\\\u0000-\u001f\u007f]/g, '_').trim();
  return (cleaned === '' || cleaned === '.' || cleaned === '..' ? 'file' : cleaned).slice(0, 200);
}

/**
 * The storage path of an attachment.
 * @throws AppError `invalid-argument` when an id is not a valid path segment.
 */
export function attachmentPath(ticketId: string, messageId: string, name: string): string {
  if (!CLIENT_ID_PATTERN.test(ticketId) || !CLIENT_ID_PATTERN.test(messageId)) {
    throw refusals.badClientId();
  }
  return `${attachmentFolder(ticketId, messageId)}${safeFileName(name)}`;
}

/**
 * The ticket and message an attachment path belongs to.
 * @returns the ids, or `null` for any other path (an avatar, say).
 */
export function parseAttachmentPath(path: string): { ticketId: string; messageId: string } | null {
  const [root, ticketId, messageId, name, ...rest] = path.split('/');
  if (root !== 'tickets' || !ticketId || !messageId || !name || rest.length > 0) return null;
  return { ticketId, messageId };
}

/**
 * Checks the attachments a new message claims (DESIGN §3–§4): at most 5, each ≤ 10 MB of an
 * allowed type, and each stored directly in `tickets/{ticketId}/{messageId}/`.
 * @returns the attachments with only their four fields.
 * @throws AppError `invalid-argument` with the first problem's sentence.
 */
export function checkAttachments(
  ticketId: string,
  messageId: string,
  attachments: readonly Attachment[],
): Attachment[] {
  parseInput(attachmentListSchema, attachments);
  const folder = attachmentFolder(ticketId, messageId);
  for (const file of attachments) {
    const name = typeof file.path === 'string' && file.path.startsWith(folder) ? file.path.slice(folder.length) : '';
    if (name === '' || name.includes('/')) {
      throw refusals.notUploaded(file.name);
    }
  }
  return attachments.map(({ path, name, size, contentType }) => ({ path, name, size, contentType }));
}

/**
 * How long an upload may wait for its message to be sent (ms): 24 hours. After that an upload
 * whose message does not exist — a form abandoned, a request never submitted, files uploaded to
 * an invented ticket id — is an orphan, and trusted code deletes it (DESIGN §4).
 */
export const ORPHAN_UPLOAD_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Whether trusted code deletes an upload now: it is an attachment, its message was never sent,
 * and it was uploaded at least {@link ORPHAN_UPLOAD_AFTER_MS} ago.
 * @param uploadedAt ISO-8601 UTC.
 * @param now ms since the epoch.
 */
export function isOrphanUpload(
  upload: { path: string; uploadedAt: string },
  messageSent: boolean,
  now: number,
): boolean {
  if (messageSent || parseAttachmentPath(upload.path) === null) return false;
  return now - Date.parse(upload.uploadedAt) >= ORPHAN_UPLOAD_AFTER_MS;
}
