/**
 * Deleting an account on the local backend (DESIGN §9), what trusted code does on Firebase
 * (`functions/src/account.ts`): the sign-in record and the profile go; the person's tickets and
 * messages stay for the desk under {@link DELETED_USER_NAME}, with search keys that no longer hold
 * their name or email; their avatar and the emails written to them go too. One transaction.
 */
import { DELETED_USER_NAME } from '@/domain/account';
import { searchKeysFor } from '@/domain/search-keys';
import type { Ticket, UserProfile } from '@/domain/types';
import type { LocalContext } from '@/backend/local/core/context';
import { SEARCH_KEYS, ticketWriteTables } from '@/backend/local/core/db';

/**
 * Removes `person`'s account and anonymises what they wrote. The caller has checked their password.
 */
export async function deleteAccountData(ctx: LocalContext, person: UserProfile): Promise<void> {
  const { db } = ctx;
  await db.transaction(
    'rw',
    [db.credentials, db.users, db.messages, db.mail, db.files, db.uploadQuotas, ...ticketWriteTables(db)],
    async () => {
      await db.credentials.delete(person.email);
      await db.users.delete(person.uid);
      const requested = await db.tickets.filter((ticket) => ticket.requesterId === person.uid).toArray();
      await db.tickets.bulkPut(
        requested.map(
          (ticket) =>
            ({
              ...ticket,
              requesterName: DELETED_USER_NAME,
              // Recomputed without the email: the stored keys held the person's name and address.
              [SEARCH_KEYS]: searchKeysFor({ ...ticket, requesterName: DELETED_USER_NAME }),
            }) as Ticket,
        ),
      );
      const assigned = await db.tickets
        .filter((ticket) => ticket.assigneeId === person.uid && ticket.requesterId !== person.uid)
        .toArray();
      await db.tickets.bulkPut(assigned.map((ticket) => ({ ...ticket, assigneeName: DELETED_USER_NAME })));
      await db.messages.filter((message) => message.authorId === person.uid).modify({ authorName: DELETED_USER_NAME });
      await db.mail.filter((mail) => mail.recipientUid === person.uid).delete();
      await db.files.where('path').startsWith(`avatars/${person.uid}/`).delete();
      await db.uploadQuotas.delete(person.uid);
    },
  );
}
