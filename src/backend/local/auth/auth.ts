/**
 * Email-and-password accounts on IndexedDB: the local stand-in for Firebase Authentication
 * (DESIGN §1, §3). Credentials stay in their own table and never cross the port; the
 * session is the browser's, or a tab's own (see `session.ts`).
 */
import { joinByDomain } from '@/backend/local/users/join-by-domain';
import { liveQuery } from 'dexie';
import type { Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { AuthChange, AuthPort } from '@/backend/port/auth';
import { AppError, toErrorShape } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import { SELF_ASSIGNABLE_ROLE } from '@/domain/roles';
import {
  emailSchema,
  parseInput,
  signInSchema,
  signUpSchema,
  type SignInInput,
  type SignUpInput,
  passwordSchema,
} from '@/domain/schemas';
import type { UserProfile } from '@/domain/types';
import { isoAt, requireUser, runCall, toAppError, type LocalContext } from '@/backend/local/core/context';
import { newId } from '@/backend/local/core/ids';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from '@/backend/local/auth/passwords';
import { deleteAccountData } from '@/backend/local/auth/account-deletion';
import type { SessionState } from '@/backend/local/auth/session';
import type { CredentialRecord } from '@/backend/local/core/db';

/**
 * Redoes a credential's hash with the current work factor, now that its password is known to be
 * right (DESIGN §5: the iteration count is stored with each hash so it can be raised). Leaves it
 * alone if the password changed meanwhile in another tab: that hash is already the newer one.
 */
async function upgradePasswordHash(ctx: LocalContext, credential: CredentialRecord, password: string): Promise<void> {
  // Hashed before the transaction: awaiting WebCrypto inside one would let it commit early.
  const secret = await hashPassword(password, ctx.iterations);
  await ctx.db.transaction('rw', ctx.db.credentials, async () => {
    const current = await ctx.db.credentials.get(credential.email);
    if (current?.hash === credential.hash) await ctx.db.credentials.update(credential.email, { ...secret });
  });
}

/** Reads what `onChange` reports for a session; Dexie calls only, so it can run in liveQuery. */
async function readAuthChange(ctx: LocalContext, session: SessionState): Promise<AuthChange> {
  const user = await ctx.db.users.get(session.uid);
  // Deactivated (DESIGN §1): the open session ends here, in every tab.
  if (!user || user.deactivated) return { kind: 'signedOut' };
  const credential = await ctx.db.credentials.where('uid').equals(session.uid).first();
  return { kind: 'signedIn', user, emailVerified: credential?.emailVerified ?? false };
}

/**
 * One `onChange` subscription: follows this tab's session and, while signed in, the profile
 * through `liveQuery` — so a role changed by an admin in another tab arrives here too.
 */
class AuthWatch {
  private stopped = false;
  private last: string | undefined;
  private subscription: { unsubscribe(): void } | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly ctx: LocalContext,
    private readonly listener: Listener<AuthChange>,
  ) {}

  /** (Re)reads the state and emits it, even when it equals the last one. */
  refresh(): void {
    this.last = undefined;
    this.start();
  }

  /** Starts following the current session. */
  start(): void {
    if (this.stopped) return;
    this.subscription?.unsubscribe();
    this.subscription = undefined;
    clearTimeout(this.timer);
    const session = this.ctx.session.current();
    if (!session) {
      // The port promises the first state asynchronously, like Firebase's onAuthStateChanged.
      const ownTab = this.ctx.session.ownTab();
      this.timer = setTimeout(() => this.emit(ownTab ? { kind: 'signedOut', ownTab } : { kind: 'signedOut' }), 0);
      return;
    }
    const subscription = liveQuery(() => readAuthChange(this.ctx, session)).subscribe({
      next: (change) => this.emitFor(session, change),
      error: (error: unknown) => this.emit(profileUnavailable(session, error)),
    });
    if (this.stopped) subscription.unsubscribe();
    else this.subscription = subscription;
  }

  /** When the database could not even open, say so rather than stay silent. */
  failToStart(error: unknown): void {
    const session = this.ctx.session.current();
    this.emit(session ? profileUnavailable(session, error) : { kind: 'signedOut' });
  }

  stop(): void {
    this.stopped = true;
    this.subscription?.unsubscribe();
    clearTimeout(this.timer);
  }

  private emitFor(session: SessionState, change: AuthChange): void {
    // A session whose profile is gone (the database was cleared) is no session at all.
    if (change.kind === 'signedOut' && this.ctx.session.current()?.uid === session.uid) {
      this.ctx.session.set(null);
    }
    this.emit(change);
  }

  private emit(change: AuthChange): void {
    if (this.stopped) return;
    const key = JSON.stringify(change);
    if (key === this.last) return;
    this.last = key;
    this.listener(change);
  }
}

function profileUnavailable(session: SessionState, error: unknown): AuthChange {
  return { kind: 'profileUnavailable', uid: session.uid, email: session.email, error: toErrorShape(toAppError(error)) };
}

/**
 * The local {@link AuthPort}. Google sign-in and real email are Firebase-only
 * (`capabilities` says so); `sendEmailVerification` marks the address verified at once,
 * standing in for the click on the link that local mode cannot send.
 */
export function createLocalAuth(ctx: LocalContext): AuthPort {
  const watches = new Set<AuthWatch>();

  return {
    capabilities: { google: false, sendsEmail: false, tabSessions: true },

    onChange(listener: Listener<AuthChange>): Unsubscribe {
      const watch = new AuthWatch(ctx, listener);
      watches.add(watch);
      const stopFollowingSession = ctx.session.subscribe(() => watch.start());
      ctx.ready.then(
        () => watch.start(),
        (error: unknown) => watch.failToStart(error),
      );
      return () => {
        watches.delete(watch);
        stopFollowingSession();
        watch.stop();
      };
    },

    retryProfile: async () => {
      // Not behind `ready`: if opening the database failed, the re-read is the retry.
      for (const watch of watches) watch.refresh();
    },

    signIn: (input: SignInInput) =>
      runCall(ctx, async () => {
        const { email, password, thisTabOnly } = parseInput(signInSchema, input);
        const credential = await ctx.db.credentials.get(email);
        if (!credential) {
          await burnPasswordCheck(password, ctx.iterations);
          throw refusals.invalidCredential();
        }
        const user = (await verifyPassword(password, credential)) ? await ctx.db.users.get(credential.uid) : undefined;
        if (!user) throw refusals.invalidCredential();
        // Only after the password: a wrong one says nothing about the account.
        if (user.deactivated) throw refusals.signInDeactivated();
        if (needsRehash(credential, ctx.iterations)) await upgradePasswordHash(ctx, credential, password);
        ctx.session.set({ uid: user.uid, email }, { thisTabOnly });
        return user;
      }),

    signUp: (input: SignUpInput) =>
      runCall(ctx, async () => {
        // The schema drops anything but name, email and password: nobody picks their own role.
        const { displayName, email, password, thisTabOnly } = parseInput(signUpSchema, input);
        if (await ctx.db.credentials.get(email)) throw refusals.emailInUse();
        // Hash before the transaction: awaiting WebCrypto inside one would let it commit early.
        const secret = await hashPassword(password, ctx.iterations);
        const at = isoAt(ctx.now());
        const user: UserProfile = {
          uid: newId(),
          displayName,
          email,
          role: SELF_ASSIGNABLE_ROLE,
          createdAt: at,
          updatedAt: at,
        };
        await ctx.db.transaction('rw', ctx.db.credentials, ctx.db.users, async () => {
          if (await ctx.db.credentials.get(email)) throw refusals.emailInUse();
          await ctx.db.credentials.add({ email, uid: user.uid, ...secret, emailVerified: false, createdAt: at });
          await ctx.db.users.add(user);
        });
        ctx.session.set({ uid: user.uid, email }, { thisTabOnly });
        return user;
      }),

    signInWithGoogle: () => Promise.reject(new AppError('unsupported', 'Google sign-in needs the Firebase backend.')),

    sendPasswordReset: (email: string) =>
      runCall(ctx, async () => {
        // Validated, then deliberately nothing: no mail to send, and nothing stored that
        // would tell a later reader which addresses were tried.
        parseInput(emailSchema, email);
      }),

    sendEmailVerification: () =>
      runCall(ctx, async () => {
        const user = await requireUser(ctx);
        await ctx.db.credentials.where('uid').equals(user.uid).modify({ emailVerified: true });
        // A verified address joins the organisation claiming its domain (DESIGN §1 "Organisations").
        await joinByDomain(ctx);
      }),

    signOut: async () => {
      // No database needed to forget who this tab is: signing out works even if it is broken.
      ctx.session.set(null);
    },

    signOutThisTab: async () => {
      ctx.session.setApart();
    },

    changePassword: (currentPassword: string, newPassword: string) =>
      runCall(ctx, async () => {
        const next = parseInput(passwordSchema, newPassword);
        const me = await requireUser(ctx);
        const credential = await ctx.db.credentials.get(me.email);
        if (!credential || !(await verifyPassword(String(currentPassword), credential))) {
          throw refusals.wrongCurrentPassword();
        }
        // Hashed before the transaction: WebCrypto inside one would let it commit early.
        const secret = await hashPassword(next, ctx.iterations);
        await ctx.db.credentials.update(me.email, { ...secret });
      }),

    deleteOwnAccount: (password: string) =>
      runCall(ctx, async () => {
        const me = await requireUser(ctx);
        const credential = await ctx.db.credentials.get(me.email);
        if (!credential || !(await verifyPassword(String(password), credential))) {
          throw refusals.wrongCurrentPassword();
        }
        await deleteAccountData(ctx, me);
        ctx.session.set(null);
      }),
  };
}
