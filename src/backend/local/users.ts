/**
 * `users/{uid}` on IndexedDB (DESIGN §1, §3): customers read only their own profile, staff
 * list everyone, admins change other people's roles.
 */
import type { ErrorListener, Listener, Unsubscribe, UsersPort } from '@/backend/port';
import { AppError } from '@/domain/errors';
import { can } from '@/domain/policy';
import type { Role } from '@/domain/roles';
import { roleSchema } from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import {
  isoAt,
  parseInput,
  permissionDenied,
  principalOf,
  requireUser,
  runCall,
  watchLive,
  type LocalContext,
  runWrite,
} from '@/backend/local/context';

/** The local {@link UsersPort}. */
export function createLocalUsers(ctx: LocalContext): UsersPort {
  const { db } = ctx;

  return {
    get: (uid: string) =>
      runCall(ctx, async () => {
        const me = await requireUser(ctx);
        // Checked before existence, as the rules would: a customer learns nothing about other uids.
        if (uid !== me.uid && !can(principalOf(me), 'users.list')) {
          throw permissionDenied('You can only read your own profile.');
        }
        const user = await db.users.get(uid);
        if (!user) throw new AppError('not-found', 'There is no such user.');
        return user;
      }),

    watchAll(onNext: Listener<UserProfile[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          if (!can(principalOf(me), 'users.list')) throw permissionDenied('Only agents and admins can list people.');
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
          if (!can(principalOf(me), 'users.setRole')) throw permissionDenied('Only admins can change roles.');
          // An admin demoting themselves could leave the desk with no admin at all.
          if (uid === me.uid) throw permissionDenied('You cannot change your own role.');
          const user = await db.users.get(uid);
          if (!user) throw new AppError('not-found', 'There is no such user.');
          if (user.role !== nextRole) await db.users.put({ ...user, role: nextRole, updatedAt: isoAt(ctx.now()) });
        });
      }),
  };
}
