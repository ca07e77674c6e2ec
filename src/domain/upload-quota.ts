/**
 * How many attachments one person may upload (DESIGN §4 "Uploads are bounded"). Storage rules
 * cannot count objects, so each person has one quota document listing the attachment paths they
 * may upload to: at most {@link UPLOAD_QUOTA}`.maxPaths` in a window, and a full window opens
 * again only once it is {@link UPLOAD_QUOTA}`.windowMs` old. A path is listed before its bytes
 * are sent; the Storage rules accept an upload only to a path the uploader's quota lists, and
 * the Firestore rules let the owner only append one path at a time or open a new window when
 * the last one is a day old. So one person holds at most 200 unsent files at one time (a
 * window's 100, and the last window's until the orphan clean-up takes them).
 */
import { refusals } from '@/domain/errors/refusals';
import { parseAttachmentPath } from '@/domain/attachment-paths';

/** The bound: at most `maxPaths` attachment paths per window of `windowMs` (ms). */
export const UPLOAD_QUOTA = { maxPaths: 100, windowMs: 24 * 60 * 60 * 1000 } as const;

/**
 * The pattern of a path a quota may list: `tickets/{ticketId}/{messageId}/{fileName}` with
 * client ids and a file name of at most 200 characters (`safeFileName`). The Firestore rules
 * hold the same pattern.
 */
export const UPLOAD_PATH_PATTERN = /^tickets\/[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-]{1,128}\/[^/]{1,200}$/;

/** One person's quota document (`uploadQuotas/{uid}`; locally the `uploadQuotas` table). */
export interface UploadQuota {
  /** When the window began: ISO-8601 UTC (the server's time on Firebase). */
  windowStart: string;
  /** The attachment paths listed in this window, oldest first, at most `UPLOAD_QUOTA.maxPaths`. */
  paths: readonly string[];
}

/**
 * What listing one more path takes: nothing (`listed`: a retry of a path already listed),
 * appending it to the window (`append`), or a new window holding only it (`open`).
 */
export type UploadQuotaPlan =
  { kind: 'listed' } | { kind: 'append'; quota: UploadQuota } | { kind: 'open'; quota: UploadQuota };

/**
 * Decides how a path joins a person's quota before its upload (DESIGN §4).
 * @param quota the person's quota document, or `null` before their first upload.
 * @param path the attachment path about to be uploaded.
 * @param now ms since the epoch.
 * @throws AppError `invalid-argument` (`badClientId`) for a path that is not an attachment path;
 *   `resource-exhausted` (`refusals.uploadQuotaFull`) when the window is full and less than a day old.
 */
export function planUploadQuota(quota: UploadQuota | null, path: string, now: number): UploadQuotaPlan {
  if (!UPLOAD_PATH_PATTERN.test(path) || parseAttachmentPath(path) === null) {
    throw refusals.badClientId();
  }
  const fresh: UploadQuotaPlan = { kind: 'open', quota: { windowStart: new Date(now).toISOString(), paths: [path] } };
  if (!quota) return fresh;
  if (quota.paths.includes(path)) return { kind: 'listed' };
  if (quota.paths.length < UPLOAD_QUOTA.maxPaths) {
    return { kind: 'append', quota: { windowStart: quota.windowStart, paths: [...quota.paths, path] } };
  }
  const opensAt = Date.parse(quota.windowStart) + UPLOAD_QUOTA.windowMs;
  if (now >= opensAt) return fresh;
  throw refusals.uploadQuotaFull(UPLOAD_QUOTA.maxPaths, Math.max(1, Math.ceil((opensAt - now) / (60 * 60 * 1000))));
}
