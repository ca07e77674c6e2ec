/**
 * A scripted Backend for store-level tests: auth changes are pushed by the test, and every
 * other method fails loudly if a test calls what it did not script.
 */
import type { Listener } from '@/backend/port/subscriptions';
import type { AuthChange } from '@/backend/port/auth';
import type { Backend } from '@/backend/port/backend';
import { AppError } from '@/domain/errors/errors';
import type { UserProfile } from '@/domain/types';

/** A profile for tests. */
export function profile(overrides: Partial<UserProfile> = {}): UserProfile {
  return {
    uid: 'u-1',
    displayName: 'Ada Agent',
    email: 'ada@example.test',
    role: 'agent',
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const unscripted = (name: string) => () => {
  throw new Error(`fake backend: ${name} was not scripted for this test`);
};

/** The fake and its controls. */
export function fakeBackend() {
  const listeners = new Set<Listener<AuthChange>>();
  let subscriptions = 0;
  const backend: Backend = {
    kind: 'local',
    auth: {
      capabilities: { google: false, sendsEmail: false, tabSessions: true },
      onChange(listener) {
        subscriptions += 1;
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      retryProfile: unscripted('retryProfile'),
      signIn: async ({ email }) => {
        if (email === 'wrong@example.test') throw new AppError('auth/invalid-credential', 'Wrong credentials');
        return profile({ email });
      },
      signUp: unscripted('signUp'),
      signInWithGoogle: unscripted('signInWithGoogle'),
      sendPasswordReset: async () => undefined,
      sendEmailVerification: unscripted('sendEmailVerification'),
      signOut: async () => {
        for (const listener of listeners) listener({ kind: 'signedOut' });
      },
      signOutThisTab: async () => {
        for (const listener of listeners) listener({ kind: 'signedOut', ownTab: true });
      },
      changePassword: unscripted('auth.changePassword'),
      deleteOwnAccount: unscripted('auth.deleteOwnAccount'),
    },
    users: {
      get: unscripted('users.get'),
      watchStaff: unscripted('users.watchStaff'),
      list: unscripted('users.list'),
      setRole: unscripted('users.setRole'),
      setDeactivated: unscripted('users.setDeactivated'),
      invite: unscripted('users.invite'),
      watchInvitations: unscripted('users.watchInvitations'),
      resendInvitation: unscripted('users.resendInvitation'),
      revokeInvitation: unscripted('users.revokeInvitation'),
      watchOrganisations: unscripted('users.watchOrganisations'),
      watchOrganisationView: unscripted('users.watchOrganisationView'),
      joinOrganisationByDomain: unscripted('users.joinOrganisationByDomain'),
      saveOrganisation: unscripted('users.saveOrganisation'),
      deleteOrganisation: unscripted('users.deleteOrganisation'),
      setOrganisation: unscripted('users.setOrganisation'),
      acceptInvitation: unscripted('users.acceptInvitation'),
      setOwnLocale: async () => undefined,
      setOwnNotifications: unscripted('users.setOwnNotifications'),
      setOwnAvailability: unscripted('users.setOwnAvailability'),
      exportOwnData: unscripted('users.exportOwnData'),
      setOwnDisplayName: unscripted('users.setOwnDisplayName'),
    },
    tickets: {
      create: unscripted('tickets.create'),
      get: unscripted('tickets.get'),
      watch: unscripted('tickets.watch'),
      watchList: unscripted('tickets.watchList'),
      watchCount: unscripted('tickets.watchCount'),
      transition: unscripted('tickets.transition'),
      update: unscripted('tickets.update'),
      watchEvents: unscripted('tickets.watchEvents'),
      watchRuleTraces: unscripted('tickets.watchRuleTraces'),
      watchAgentFields: unscripted('tickets.watchAgentFields'),
      applyMacro: unscripted('tickets.applyMacro'),
      rate: unscripted('tickets.rate'),
      watchRating: unscripted('tickets.watchRating'),
      watchFollowers: unscripted('tickets.watchFollowers'),
      setFollowing: unscripted('tickets.setFollowing'),
      bulk: unscripted('tickets.bulk'),
    },
    messages: { watch: unscripted('messages.watch'), add: unscripted('messages.add') },
    files: {
      uploadAttachment: unscripted('files.uploadAttachment'),
      getDownloadUrl: unscripted('files.getDownloadUrl'),
      uploadAvatar: unscripted('files.uploadAvatar'),
      removeAvatar: unscripted('files.removeAvatar'),
    },
    settings: {
      watch: unscripted('settings.watch'),
      save: unscripted('settings.save'),
      watchMacros: unscripted('settings.watchMacros'),
      saveMacro: unscripted('settings.saveMacro'),
      deleteMacro: unscripted('settings.deleteMacro'),
      watchHistory: unscripted('settings.watchHistory'),
      watchFields: unscripted('settings.watchFields'),
      saveFields: unscripted('settings.saveFields'),
      watchTriggers: unscripted('settings.watchTriggers'),
      saveTrigger: unscripted('settings.saveTrigger'),
      deleteTrigger: unscripted('settings.deleteTrigger'),
      watchRecurringTickets: unscripted('settings.watchRecurringTickets'),
      saveRecurringTicket: unscripted('settings.saveRecurringTicket'),
      deleteRecurringTicket: unscripted('settings.deleteRecurringTicket'),
    },
    presence: {
      announce: unscripted('presence.announce'),
      leave: unscripted('presence.leave'),
      watch: unscripted('presence.watch'),
    },
    mail: {
      canSimulateInbound: false,
      watchOutgoing: unscripted('mail.watchOutgoing'),
      simulateInbound: unscripted('mail.simulateInbound'),
    },
    reports: { read: unscripted('reports.read') },
  };
  return {
    backend,
    /** Pushes an auth change to every subscriber, as the real adapters do. */
    emit(change: AuthChange) {
      for (const listener of listeners) listener(change);
    },
    /** How many times `auth.onChange` was subscribed. */
    subscriptions: () => subscriptions,
    /** How many subscribers are live now. */
    liveSubscribers: () => listeners.size,
  };
}
