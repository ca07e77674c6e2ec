/**
 * Attachments named in a write (a reply, or a new request's description): where a message's
 * files live (DESIGN §4) and the check that each was really uploaded there, by the writer.
 * Shared by `messages.add` and `tickets.create`.
 */
import { z } from 'zod/mini';
import { LIMITS } from '@/domain/limits';
import { attachmentFileSchema } from '@/domain/schemas';
import { refusals } from '@/domain/errors/refusals';
import type { Attachment, UserProfile } from '@/domain/types';
import type { TriageDb } from '@/backend/local/core/db';
import { attachmentFolder, CLIENT_ID_PATTERN } from '@/domain/attachment-paths';

/** A client-generated document id (DESIGN §3, `CLIENT_ID_PATTERN`). */
export const clientIdSchema = z.string().check(z.regex(CLIENT_ID_PATTERN, refusals.badClientId().message));

/** Attachments as a write names them: up to 5, each ≤ 10 MB of an allowed type, with its stored path (DESIGN §3). */
export const storedAttachmentsSchema = z
  .array(
    z.extend(attachmentFileSchema, {
      path: z.string().check(z.minLength(1, 'An attachment needs its stored path.')),
    }),
  )
  .check(z.maxLength(LIMITS.attachments.maxCount, `At most ${LIMITS.attachments.maxCount} files per message.`));

/**
 * The attachments a message will hold, checked against the stored files: each must have been
 * uploaded to this message's folder by `me`; the stored bytes, not the caller's word, give its
 * size and type. Must run in a transaction that has `files` in its scope.
 * @throws AppError `invalid-argument` for a file not uploaded to this folder;
 *   `permission-denied` for a file someone else uploaded.
 */
export async function verifiedAttachments(
  db: TriageDb,
  me: UserProfile,
  ticketId: string,
  messageId: string,
  named: z.output<typeof storedAttachmentsSchema>,
): Promise<Attachment[]> {
  const folder = attachmentFolder(ticketId, messageId);
  const attachments: Attachment[] = [];
  for (const file of named) {
    const record = file.path.startsWith(folder) ? await db.files.get(file.path) : undefined;
    if (!record) throw refusals.notUploaded(file.name);
    if (record.uploadedBy !== me.uid) throw refusals.uploadedBySomeoneElse(file.name);
    attachments.push({ path: record.path, name: file.name, size: record.size, contentType: record.contentType });
  }
  return attachments;
}
