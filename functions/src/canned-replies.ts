/**
 * Keeps `settings/canned-replies` well-formed (DESIGN §3). The rules check the document's keys
 * and the list's length, but cannot look inside each of up to 200 entries; this trusted code
 * does, with the domain's own schema, and rewrites the list without the entries that are not
 * `{id, title, body}` of the right types and sizes (and without repeated ids). Readers already
 * skip such entries, so a staff member never sees one either way.
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { cannedReplySchema, MAX_CANNED_REPLIES } from '@/domain/settings-schema';
import type { CannedReply } from '@/domain/types';

const FAILED_PRECONDITION = 9;

/** The well-formed entries of a stored list, first of each id, at most {@link MAX_CANNED_REPLIES}. */
export function wellFormedCannedReplies(stored: unknown): CannedReply[] {
  const kept: CannedReply[] = [];
  const ids = new Set<string>();
  for (const entry of Array.isArray(stored) ? stored : []) {
    const parsed = cannedReplySchema.safeParse(entry);
    if (!parsed.success || ids.has(parsed.data.id)) continue;
    // Only the three fields, as the schema returns them (titles trimmed).
    kept.push({ id: parsed.data.id, title: parsed.data.title, body: parsed.data.body });
    ids.add(parsed.data.id);
    if (kept.length === MAX_CANNED_REPLIES) break;
  }
  return kept;
}

/**
 * Rewrites the stored canned replies without their malformed entries, if there are any, over
 * this very version of the document (a later write's run checks that one).
 * @returns how many entries were dropped (0 when the list was well-formed, or had changed since).
 */
export async function keepCannedRepliesWellFormed(snapshot: DocumentSnapshot): Promise<number> {
  const stored: unknown = snapshot.get('replies');
  const kept = wellFormedCannedReplies(stored);
  if (Array.isArray(stored) && JSON.stringify(stored) === JSON.stringify(kept)) return 0;
  try {
    const precondition = snapshot.updateTime ? { lastUpdateTime: snapshot.updateTime } : {};
    await snapshot.ref.update({ replies: kept }, precondition);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
    if (code === FAILED_PRECONDITION) return 0;
    throw error;
  }
  return Array.isArray(stored) ? stored.length - kept.length : 0;
}
