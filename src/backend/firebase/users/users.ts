/**
 * The Firebase {@link UsersPort}: each call loads `firestore-users.ts` on first use. The
 * local twin is `local/users/users.ts`.
 */
import type { UsersPort } from '@/backend/port/users';
import { call, watchLazily, type FirebaseContext } from '@/backend/firebase/core/context';

const load = () => import('@/backend/firebase/users/firestore-users');
/** Invitations' writes are trusted code's: the callables, in their own chunk. */
const invitationCalls = () => import('@/backend/firebase/users/invitation-calls');
/** Organisations' writes are trusted code's too: their callables, in their own chunk. */
const organisationCalls = () => import('@/backend/firebase/users/organisation-calls');

/** The Firebase users port. */
export function createFirebaseUsers(ctx: FirebaseContext): UsersPort {
  return {
    get: (uid) => call(async () => (await load()).getUser(await ctx.firestore(), uid)),
    watchStaff: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await load()).watchStaffUsers(await ctx.firestore(), next, fail),
      ),
    list: (input) => call(async () => (await load()).listPeople(await ctx.firestore(), input)),
    setRole: (uid, role) => call(async () => (await load()).setUserRole(await ctx.firestore(), uid, role)),
    setDeactivated: (request) =>
      call(async () =>
        (await import('@/backend/firebase/users/deactivation-call')).setPersonDeactivated(
          await ctx.functions(),
          request,
        ),
      ),
    invite: (request) => call(async () => (await invitationCalls()).invitePeople(await ctx.functions(), request)),
    watchInvitations: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await import('@/backend/firebase/users/invitations')).watchInvitations(await ctx.firestore(), next, fail),
      ),
    resendInvitation: (invitationId) =>
      call(async () => (await invitationCalls()).resendInvitation(await ctx.functions(), invitationId)),
    revokeInvitation: (invitationId) =>
      call(async () => (await invitationCalls()).revokeInvitation(await ctx.functions(), invitationId)),
    acceptInvitation: (request) =>
      call(async () => (await invitationCalls()).acceptInvitation(await ctx.functions(), request)),
    watchOrganisations: (onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await import('@/backend/firebase/users/organisations')).watchOrganisations(await ctx.firestore(), next, fail),
      ),
    joinOrganisationByDomain: () =>
      call(async () => (await organisationCalls()).joinOrganisationByDomain(await ctx.functions())),
    watchOrganisationView: (id, onNext, onError) =>
      watchLazily(onNext, onError, async (next, fail) =>
        (await import('@/backend/firebase/users/organisations')).watchOrganisationView(
          await ctx.firestore(),
          id,
          next,
          fail,
        ),
      ),
    saveOrganisation: (request) =>
      call(async () => (await organisationCalls()).saveOrganisation(await ctx.functions(), request)),
    deleteOrganisation: (id) =>
      call(async () => (await organisationCalls()).deleteOrganisation(await ctx.functions(), id)),
    setOrganisation: (request) =>
      call(async () => (await organisationCalls()).setOrganisation(await ctx.functions(), request)),
    setOwnLocale: (locale) => call(async () => (await load()).setOwnLocale(await ctx.firestore(), locale)),
    exportOwnData: () =>
      call(async () => (await import('@/backend/firebase/auth/account-export')).exportOwnData(await ctx.firestore())),
    setOwnDisplayName: (displayName) =>
      call(async () => (await load()).setOwnDisplayName(await ctx.firestore(), displayName)),
    setOwnAvailability: (available) =>
      call(async () => (await load()).setOwnAvailability(await ctx.firestore(), available)),
    setOwnNotifications: (preferences) =>
      call(async () => (await load()).setOwnNotifications(await ctx.firestore(), preferences)),
  };
}
