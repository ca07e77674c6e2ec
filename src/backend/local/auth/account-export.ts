/**
 * "Export my data" on IndexedDB (DESIGN §9), the local twin of `firebase/auth/account-export.ts`:
 * the signed-in person's profile, their requests (the `[requesterId+status]` index) and each
 * request's messages, of which `accountExportOf` keeps the public ones.
 */
import Dexie from 'dexie';
import { accountExportOf, type AccountExport } from '@/domain/account';
import type { Message } from '@/domain/types';
import { isoAt, requireUser, type LocalContext } from '@/backend/local/core/context';

/**
 * Reads the export in one read-only transaction.
 * @throws AppError `unauthenticated`.
 */
export async function exportOwnData(ctx: LocalContext): Promise<AccountExport> {
  const { db } = ctx;
  const me = await requireUser(ctx);
  return db.transaction('r', [db.tickets, db.messages], async () => {
    const tickets = await db.tickets
      .where('[requesterId+status]')
      .between([me.uid, Dexie.minKey], [me.uid, Dexie.maxKey])
      .toArray();
    const messages = new Map<string, Message[]>();
    for (const ticket of tickets) {
      messages.set(ticket.id, await db.messages.where('ticketId').equals(ticket.id).toArray());
    }
    return accountExportOf(me, tickets, (id) => messages.get(id) ?? [], isoAt(ctx.now()));
  });
}
