/**
 * `users/{uid}` on IndexedDB (DESIGN §1, §3): customers read only their own profile, staff
 * list people in bounded queries (the staff, a search, a page), admins change other people's roles, everyone keeps their own language and
 * email switches. "Export my data" is read by `auth/account-export.ts`, beside the rest of the
 * account's own code.
 */
import { joinByDomain } from '@/backend/local/users/join-by-domain';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { PeopleQuery, UsersPort } from '@/backend/port/users';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import type { Role } from '@/domain/roles';
import { displayNameSchema, localeSchema, parseInput, peopleQuerySchema, roleSchema } from '@/domain/schemas';
import { STAFF_LIST_LIMIT, STAFF_ROLES } from '@/domain/people';
import { searchKeyOf } from '@/domain/search-keys';
import type { Locale } from '@/domain/locales';
import { notificationPreferencesSchema } from '@/domain/mail/preferences';
import type { NotificationPreferences, UserProfile } from '@/domain/types';
import Dexie from 'dexie';
import {
  deactivationRequestSchema,
  planDeactivation,
  planReactivation,
  type DeactivationRequest,
} from '@/domain/deactivation';
import { QUEUE_ASSIGNEE, queueAssigneeKey, ticketWriteTables } from '@/backend/local/core/db';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { writeChange } from '@/backend/local/tickets/tickets';
import {
  isoAt,
  requireUser,
  runCall,
  toAppError,
  watchLive,
  type LocalContext,
  runWrite,
} from '@/backend/local/core/context';
import { toErrorShape } from '@/domain/errors/errors';
import { exportOwnData } from '@/backend/local/auth/account-export';
import type { Invitation } from '@/domain/invitations';
import type { Organisation } from '@/domain/organisations';

/** The invitations' trusted code, in the mail chunk (it writes their emails). */
const invitations = () => import(/* webpackChunkName: "local-mail" */ '@/backend/local/users/invitations');
/** The organisations' trusted code, in its own chunk (staff's screens alone use it). */
const organisations = () => import(/* webpackChunkName: "local-organisations" */ '@/backend/local/users/organisations');

/**
 * Starts a watcher whose code is in a lazily loaded chunk: `start` runs once the chunk is there
 * (unless stopped before), and a chunk that fails to load is said to `onError`.
 */
function watchLazily<T>(
  load: () => Promise<T>,
  start: (module: T) => Unsubscribe,
  onError: ErrorListener,
): Unsubscribe {
  let stopped = false;
  let stop: Unsubscribe = () => undefined;
  load().then(
    (module) => {
      if (!stopped) stop = start(module);
    },
    (error: unknown) => {
      if (!stopped) onError(toErrorShape(toAppError(error)));
    },
  );
  return () => {
    stopped = true;
    stop();
  };
}

/** Firestore's order of people: display name, then uid (both by code unit). */
function byNameThenUid(a: UserProfile, b: UserProfile): number {
  if (a.displayName !== b.displayName) return a.displayName < b.displayName ? -1 : 1;
  return a.uid < b.uid ? -1 : a.uid > b.uid ? 1 : 0;
}

/**
 * Up to `limit + 1` people of a {@link PeopleQuery} in order, from an index as Firestore would:
 * a search reads the profiles with its key (`*searchKeys`), an organisation its members
 * (`organisationId`), a role its `[role+displayName+uid]` range, else `[displayName+uid]` — never
 * the whole table.
 */
async function peoplePage(ctx: LocalContext, asked: PeopleQuery): Promise<UserProfile[]> {
  const { db } = ctx;
  const { after, role, organisationId, limit } = asked;
  if (asked.deactivated) {
    // Only the deactivated, by their `deactivatedAt` (an index holds only the profiles that have it).
    return (await db.users.where('deactivatedAt').above('').toArray())
      .filter((person) => person.deactivated === true)
      .filter((person) => !after || byNameThenUid(person, { ...person, ...after }) > 0)
      .sort(byNameThenUid)
      .slice(0, limit + 1);
  }
  const key = searchKeyOf(asked.search);
  if (key !== null || organisationId) {
    const found =
      key !== null
        ? await db.users.where('searchKeys').equals(key).toArray()
        : await db.users
            .where('organisationId')
            .equals(organisationId ?? '')
            .toArray();
    return found
      .filter((person) => !role || person.role === role)
      .filter((person) => !organisationId || person.organisationId === organisationId)
      .filter((person) => !after || byNameThenUid(person, { ...person, ...after }) > 0)
      .sort(byNameThenUid)
      .slice(0, limit + 1);
  }
  if (role) {
    return (
      db.users
        .where('[role+displayName+uid]')
        // `[role, '']` sorts before every `[role, name, uid]` (an array before its extensions).
        .between(after ? [role, after.displayName, after.uid] : [role, ''], [role, Dexie.maxKey], !after, true)
        .limit(limit + 1)
        .toArray()
    );
  }
  const range = after
    ? db.users.where('[displayName+uid]').above([after.displayName, after.uid])
    : db.users.orderBy('[displayName+uid]');
  return range.limit(limit + 1).toArray();
}

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

    watchStaff(onNext: Listener<UserProfile[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'users.list');
          const staff = await db.users
            .where('role')
            .anyOf([...STAFF_ROLES])
            .toArray();
          return staff.sort(byNameThenUid).slice(0, STAFF_LIST_LIMIT);
        },
        onNext,
        onError,
      );
    },

    list: (input: PeopleQuery) =>
      runCall(ctx, async () => {
        const asked = parseInput(peopleQuerySchema, input);
        assertCan(principalOf(await requireUser(ctx)), 'users.list');
        const rows = await peoplePage(ctx, asked);
        const people = rows.slice(0, asked.limit);
        const last = people.at(-1);
        return {
          people,
          nextCursor: rows.length > asked.limit && last ? { displayName: last.displayName, uid: last.uid } : null,
        };
      }),

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

    setDeactivated: (request: DeactivationRequest) =>
      runWrite(ctx, async () => {
        const asked = parseInput(deactivationRequestSchema, request);
        const tables = [db.users, db.events, ...ticketWriteTables(db)];
        return db.transaction('rw', tables, async () => {
          const me = await requireUser(ctx);
          const person = (await db.users.get(asked.uid)) ?? null;
          if (!asked.deactivated) {
            if (planReactivation(me, person) && person) {
              const { deactivated: _mark, deactivatedAt: _at, ...active } = person;
              await db.users.put({ ...active, updatedAt: isoAt(ctx.now()) });
            }
            return { ticketsMoved: 0 };
          }
          const choice = asked.openTickets ?? { kind: 'unassign' as const };
          const admins = await db.users.where('role').equals('admin').toArray();
          const assignee = choice.kind === 'reassign' ? ((await db.users.get(choice.assigneeId)) ?? null) : null;
          // Their unsolved tickets, through the queue's index (by assignee and status).
          const assigned = (
            await Promise.all(
              UNSOLVED_STATUSES.map((status) =>
                db.tickets
                  .where(`[${QUEUE_ASSIGNEE}+status+createdAt+id]`)
                  .between(
                    [queueAssigneeKey(asked.uid), status, Dexie.minKey],
                    [queueAssigneeKey(asked.uid), status, Dexie.maxKey],
                    true,
                    true,
                  )
                  .toArray(),
              ),
            )
          ).flat();
          const plan = planDeactivation({
            actor: me,
            person,
            activeAdmins: admins.filter((admin) => !admin.deactivated).length,
            assigned,
            choice,
            assignee,
          });
          const ms = ctx.now();
          if (plan.deactivate && person) {
            await db.users.put({ ...person, deactivated: true, deactivatedAt: isoAt(ms), updatedAt: isoAt(ms) });
          }
          for (const { ticketId, plan: change } of plan.tickets) {
            const ticket = assigned.find((each) => each.id === ticketId);
            if (ticket) await writeChange(db, ticket, change, me.uid, ms);
          }
          return { ticketsMoved: plan.tickets.length };
        });
      }),

    invite: (request) => runWrite(ctx, async () => (await invitations()).invite(ctx, request)),

    watchInvitations(onNext: Listener<Invitation[]>, onError: ErrorListener): Unsubscribe {
      // Loaded with the rest of the invitations' code: the first paint carries none of it.
      return watchLazily(invitations, (module) => module.watchInvitations(ctx, onNext, onError), onError);
    },

    resendInvitation: (invitationId) =>
      runWrite(ctx, async () => (await invitations()).resendInvitation(ctx, invitationId)),

    revokeInvitation: (invitationId) =>
      runWrite(ctx, async () => (await invitations()).revokeInvitation(ctx, invitationId)),

    acceptInvitation: (request) => runWrite(ctx, async () => (await invitations()).acceptInvitation(ctx, request)),

    watchOrganisations(onNext: Listener<Organisation[]>, onError: ErrorListener): Unsubscribe {
      return watchLazily(organisations, (module) => module.watchOrganisations(ctx, onNext, onError), onError);
    },

    joinOrganisationByDomain: () => runWrite(ctx, () => joinByDomain(ctx)),

    watchOrganisationView(id, onNext, onError) {
      return watchLazily(organisations, (module) => module.watchOrganisationView(ctx, id, onNext, onError), onError);
    },

    saveOrganisation: (request) => runWrite(ctx, async () => (await organisations()).saveOrganisation(ctx, request)),

    deleteOrganisation: (id) => runWrite(ctx, async () => (await organisations()).deleteOrganisation(ctx, id)),

    setOrganisation: (request) => runWrite(ctx, async () => (await organisations()).setOrganisation(ctx, request)),

    setOwnLocale: (locale: Locale) =>
      runWrite(ctx, async () => {
        const next = parseInput(localeSchema, locale);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          if (me.locale !== next) await db.users.put({ ...me, locale: next, updatedAt: isoAt(ctx.now()) });
        });
      }),

    exportOwnData: () => runCall(ctx, () => exportOwnData(ctx)),

    setOwnDisplayName: (displayName: string) =>
      runWrite(ctx, async () => {
        const next = parseInput(displayNameSchema, displayName);
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          if (me.displayName !== next) await db.users.put({ ...me, displayName: next, updatedAt: isoAt(ctx.now()) });
        });
      }),

    setOwnAvailability: (available: boolean) =>
      runWrite(ctx, async () => {
        await db.transaction('rw', db.users, async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'ticket.beAssigned');
          await db.users.put({ ...me, available: available === true, updatedAt: isoAt(ctx.now()) });
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
