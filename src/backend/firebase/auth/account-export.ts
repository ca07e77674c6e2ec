/**
 * "Export my data" on Firestore (DESIGN §9): the signed-in person's profile, their requests
 * (`requesterId ==` them: the query the rules let every role make for their own) and each
 * request's public messages (`internal == false`, the query the rules let a requester make). The
 * local twin is `local/auth/account-export.ts`.
 */
import { getDocs, orderBy, query, where } from 'firebase/firestore';
import { accountExportOf, type AccountExport } from '@/domain/account';
import type { Message } from '@/domain/types';
import { currentUid, type FirestoreContext } from '@/backend/firebase/core/context';
import { getUser } from '@/backend/firebase/users/firestore-users';
import { ticketsCollection } from '@/backend/firebase/tickets/firestore-tickets';
import { messagesCollection } from '@/backend/firebase/messages/firestore-messages';
import { assertOnline } from '@/backend/shared/online';

/**
 * Reads the export: one read for the profile, one query for the requests, one per request for
 * its public messages.
 * @throws AppError `unauthenticated`, `unavailable` offline.
 */
export async function exportOwnData(ctx: FirestoreContext): Promise<AccountExport> {
  const uid = currentUid(ctx.auth);
  assertOnline();
  const profile = await getUser(ctx, uid);
  const tickets = (await getDocs(query(ticketsCollection(ctx.db), where('requesterId', '==', uid)))).docs.map((row) =>
    row.data(),
  );
  const messages = new Map<string, Message[]>();
  await Promise.all(
    tickets.map(async (ticket) => {
      const publicOnly = query(
        messagesCollection(ctx.db, ticket.id),
        where('internal', '==', false),
        orderBy('createdAt', 'asc'),
      );
      messages.set(
        ticket.id,
        (await getDocs(publicOnly)).docs.map((row) => row.data()),
      );
    }),
  );
  return accountExportOf(profile, tickets, (id) => messages.get(id) ?? [], new Date().toISOString());
}
