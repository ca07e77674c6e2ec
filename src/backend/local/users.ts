/**
 * `users/{uid}` on IndexedDB (DESIGN §1, §3): customers read only their own profile, staff
 * list everyone, admins change other people's roles, everyone keeps their own language and
 * email switches.
 */
import type { ErrorListener, Listener, Unsubscribe, UsersPort } from '@/backend/port';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import type { Role } from '@/domain/roles';
import { displayNameSchema, localeSchema, parseInput, roleSchema } from '@/domain/schemas';
import type { Locale } from '@/domain/locales';
import { notificationPreferencesSchema, type NotificationPreferences } from '@/domain/mail/preferences';
import type { Message, UserProfile } from '@/domain/types';
import { accountExportOf } from '@/domain/account';
import Dexie from 'dexie';
import { isoAt, requireUser, runCall, watchLive, type LocalContext, runWrite } from '@/backend/local/context';

/** The local {@link UsersPort}. */
export function createLocalUsers(ctx: LocalContext): UsersPort {
  const { db } = ctx;

  return {
    get: (uid: string) =>
      runCall(ctx, async () => {
        const me = await requireUser(ctx);
        // Checked before existence, as the rules would: a customer learns nothing about other uids.
        if (uid !== me.uid) assertCan(principalOf(me), 'users.readAnyone');
        const user = await db.users.get(uid);
        if (!user) throw refusals.userNotFound();
        return user;
      }),

    watchAll(onNext: Listener<UserProfile[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'users.list');
          return db.users.orderBy('createdAt').reverse().toArray();
        },
        onNext,
        onError,
      );
    },

    setRole: (uid: string, role: Role) =>
      runWrite(ctx, async () => {
        const nextRole = parseInput(roleSchema, role);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'users.setRole');
          if (uid === me.uid) throw refusals.ownRole();
          const user = await db.users.get(uid);
          if (!user) throw refusals.userNotFound();
          if (user.role !== nextRole) await db.users.put({ ...user, role: nextRole, updatedAt: isoAt(ctx.now()) });
        });
      }),

    setOwnLocale: (locale: Locale) =>
      runWrite(ctx, async () => {
        const next = parseInput(localeSchema, locale);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          if (me.locale !== next) await db.users.put({ ...me, locale: next, updatedAt: isoAt(ctx.now()) });
        });
      }),

    exportOwnData: () =>
      runCall(ctx, async () => {
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
      }),

    setOwnDisplayName: (displayName: string) =>
      runWrite(ctx, async () => {
        const next = parseInput(displayNameSchema, displayName);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          if (me.displayName !== next) await db.users.put({ ...me, displayName: next, updatedAt: isoAt(ctx.now()) });
        });
      }),

    setOwnNotifications: (preferences: NotificationPreferences) =>
      runWrite(ctx, async () => {
        const next = parseInput(notificationPreferencesSchema, preferences);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          await db.users.put({ ...me, notifications: next, updatedAt: isoAt(ctx.now()) });
        });
      }),
  };
}
