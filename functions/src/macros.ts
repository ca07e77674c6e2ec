/**
 * The move from canned replies to macros on Firestore (DESIGN §3 "Macros"): the desk's canned
 * replies were one staff-only document, `settings/canned-replies`; each becomes the shared,
 * text-only macro `macros/{id}` with the same id, title and body (`macroFromCannedReply`), and the
 * document is deleted, in one transaction. Trusted code does it (an agent may not write shared
 * macros): on any write of the old document (an app not yet updated) and on the scheduled pass
 * (a desk that had replies before it was updated). Idempotent: a macro already there is kept.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import { cannedReplySchema } from '@/domain/settings-schema';
import { macroFromCannedReply, MAX_SHARED_MACROS } from '@/domain/macros';
import type { CannedReply } from '@/domain/types';

/** The document the canned replies were stored in. */
export const CANNED_REPLIES_PATH = 'settings/canned-replies';

/**
 * The well-formed entries of a stored list (`cannedReplySchema`: what readers showed), first of
 * each id, at most {@link MAX_SHARED_MACROS}. An entry the schema refuses was never shown, and is
 * not moved.
 */
export function wellFormedCannedReplies(stored: unknown): CannedReply[] {
  const kept: CannedReply[] = [];
  const ids = new Set<string>();
  for (const entry of Array.isArray(stored) ? stored : []) {
    const parsed = cannedReplySchema.safeParse(entry);
    if (!parsed.success || ids.has(parsed.data.id) || !/^[A-Za-z0-9_-]{1,128}$/.test(parsed.data.id)) continue;
    kept.push({ id: parsed.data.id, title: parsed.data.title, body: parsed.data.body });
    ids.add(parsed.data.id);
    if (kept.length === MAX_SHARED_MACROS) break;
  }
  return kept;
}

/**
 * Moves every stored canned reply into a shared macro and deletes `settings/canned-replies`, in one
 * transaction (a retry or a second run finds nothing to move).
 * @returns how many macros were created (0 when there was nothing to move).
 */
export async function moveCannedRepliesToMacros(db: Firestore): Promise<number> {
  const ref = db.doc(CANNED_REPLIES_PATH);
  return db.runTransaction(async (tx) => {
    const snapshot = await tx.get(ref);
    if (!snapshot.exists) return 0;
    const replies = wellFormedCannedReplies(snapshot.get('replies'));
    const refs = replies.map((reply) => db.collection('macros').doc(reply.id));
    const existing = refs.length > 0 ? await tx.getAll(...refs) : [];
    let moved = 0;
    replies.forEach((reply, index) => {
      const target = refs[index];
      if (!target || existing[index]?.exists) return;
      const { id: _id, ...macro } = macroFromCannedReply(reply);
      tx.create(target, { ...macro, updatedAt: FieldValue.serverTimestamp(), updatedBy: '' });
      moved += 1;
    });
    tx.delete(ref);
    return moved;
  });
}
