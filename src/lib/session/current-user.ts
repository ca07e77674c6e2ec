/**
 * "Who am I" for every feature: the signed-in person, read from the session machine
 * (`auth-machine.ts`) without reaching into the auth feature or the composition root.
 */
import { useSelector } from 'react-redux';
import { currentUserOf, type AuthState } from '@/lib/session/auth-machine';
import type { UserProfile } from '@/domain/types';

/** The slice of the store the session lives in (the auth feature's slice, keyed `auth`). */
export interface WithSession {
  auth: AuthState;
}

/** The signed-in person in `state`, or null (signed out, signing in, profile unavailable, not yet known). */
export function selectCurrentUser(state: WithSession): UserProfile | null {
  return currentUserOf(state.auth);
}

/** Whether the signed-in person's email address is verified (false while nobody is signed in). */
export function selectEmailVerified(state: WithSession): boolean {
  return state.auth.kind === 'signedIn' && state.auth.emailVerified;
}

/** Whether the signed-in person's email address is verified (see {@link selectEmailVerified}). */
export function useEmailVerified(): boolean {
  return useSelector(selectEmailVerified);
}

/** The signed-in person's profile, or null while nobody is signed in (see {@link selectCurrentUser}). */
export function useCurrentUser(): UserProfile | null {
  return useSelector(selectCurrentUser);
}
