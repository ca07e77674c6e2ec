/**
 * The session machine of DESIGN §5, walked exhaustively: every state × every event. The
 * expected table below is written out by hand from the table in the module's docstring, not
 * computed from `authTransition`, so a changed cell in `auth-machine.ts` fails exactly that
 * case here.
 */
import type { ErrorShape } from '@/domain/errors/errors';
import { isDeepStrictEqual } from 'node:util';
import type { UserProfile } from '@/domain/types';
import {
  AUTH_EVENT_TYPES,
  AUTH_STATE_KINDS,
  authTransition,
  currentUserOf,
  eventOfChange,
  hintOf,
  initialAuthState,
  sessionUidOf,
  type AuthEvent,
  type AuthEventType,
  type AuthState,
} from '@/lib/session/auth-machine';
import { profile } from '../../../support/fake-backend';

const HINT = profile({ uid: 'u-hint', displayName: 'Hinted Agent', role: 'agent' });
const ADA = profile({ uid: 'u-ada', displayName: 'Ada', role: 'admin' });
const BEA = profile({ uid: 'u-bea', displayName: 'Bea', role: 'customer' });
const CAL = profile({ uid: 'u-cal', displayName: 'Cal', role: 'agent' });
const RESTORED = profile({ uid: 'u-restored', displayName: 'Restored' });
const FORM_ERROR: ErrorShape = { code: 'auth/invalid-credential', message: 'Wrong credentials' };
const REFUSED: ErrorShape = { code: 'auth/email-already-in-use', message: 'Taken' };
const DB_DOWN: ErrorShape = { code: 'unavailable', message: 'Firestore unreachable' };
const DB_STILL_DOWN: ErrorShape = { code: 'deadline-exceeded', message: 'Firestore did not answer' };

/** One sample of each state, and of each variation inside a state that a cell depends on. */
const STATES = {
  unknown: { kind: 'unknown', lastUser: null },
  'unknown with a hint': { kind: 'unknown', lastUser: HINT },
  signedOut: { kind: 'signedOut', formError: null },
  'signedOut with a form error': { kind: 'signedOut', formError: FORM_ERROR },
  signingIn: { kind: 'signingIn' },
  signedIn: { kind: 'signedIn', user: ADA, emailVerified: true },
  profileUnavailable: {
    kind: 'profileUnavailable',
    uid: 'u-9',
    email: 'nine@example.test',
    error: DB_DOWN,
    retrying: false,
    lastUser: HINT,
  },
  'profileUnavailable, retrying': {
    kind: 'profileUnavailable',
    uid: 'u-9',
    email: 'nine@example.test',
    error: DB_DOWN,
    retrying: true,
    lastUser: null,
  },
} satisfies Record<string, AuthState>;
type StateName = keyof typeof STATES;

/** One sample of each event. */
const EVENTS = {
  hintRestored: { type: 'hintRestored', lastUser: RESTORED },
  sessionSignedIn: { type: 'sessionSignedIn', user: BEA, emailVerified: false },
  sessionSignedOut: { type: 'sessionSignedOut' },
  profileUnavailable: { type: 'profileUnavailable', uid: 'u-7', email: 'seven@example.test', error: DB_STILL_DOWN },
  signInStarted: { type: 'signInStarted' },
  signInSucceeded: { type: 'signInSucceeded', user: CAL },
  signInFailed: { type: 'signInFailed', error: REFUSED },
  formErrorCleared: { type: 'formErrorCleared' },
  signOutFailed: { type: 'signOutFailed' },
  retryStarted: { type: 'retryStarted' },
  retryFinished: { type: 'retryFinished' },
} satisfies { [T in AuthEventType]: Extract<AuthEvent, { type: T }> };

/** "Stays exactly as it is": the machine returns the very same object. */
const SAME = 'same' as const;

const SIGNED_OUT: AuthState = { kind: 'signedOut', formError: null };
const SIGNED_OUT_REFUSED: AuthState = { kind: 'signedOut', formError: REFUSED };
const SIGNING_IN: AuthState = { kind: 'signingIn' };
const BEA_SIGNED_IN: AuthState = { kind: 'signedIn', user: BEA, emailVerified: false };
const CAL_SIGNED_IN: AuthState = { kind: 'signedIn', user: CAL, emailVerified: false };
const unavailableWithHint = (lastUser: UserProfile | null): AuthState => ({
  kind: 'profileUnavailable',
  uid: 'u-7',
  email: 'seven@example.test',
  error: DB_STILL_DOWN,
  retrying: false,
  lastUser,
});

type Cell = AuthState | typeof SAME;

/** The docstring's table, cell for cell, for every sample state. */
const EXPECTED: Record<StateName, Record<AuthEventType, Cell>> = {
  unknown: {
    hintRestored: { kind: 'unknown', lastUser: RESTORED },
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SIGNED_OUT,
    profileUnavailable: unavailableWithHint(null),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SIGNED_OUT_REFUSED,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  'unknown with a hint': {
    hintRestored: { kind: 'unknown', lastUser: RESTORED },
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SIGNED_OUT,
    profileUnavailable: unavailableWithHint(HINT),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SIGNED_OUT_REFUSED,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  signedOut: {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SAME,
    profileUnavailable: unavailableWithHint(null),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SIGNED_OUT_REFUSED,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  'signedOut with a form error': {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SAME,
    profileUnavailable: unavailableWithHint(null),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SIGNED_OUT_REFUSED,
    formErrorCleared: SIGNED_OUT,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  signingIn: {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SAME,
    profileUnavailable: unavailableWithHint(null),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SIGNED_OUT_REFUSED,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  signedIn: {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SIGNED_OUT,
    profileUnavailable: unavailableWithHint(ADA),
    signInStarted: SIGNING_IN,
    signInSucceeded: { kind: 'signedIn', user: CAL, emailVerified: true },
    signInFailed: SAME,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: SAME,
  },
  profileUnavailable: {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SIGNED_OUT,
    profileUnavailable: unavailableWithHint(HINT),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SAME,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: { ...STATES.profileUnavailable, retrying: true },
    retryFinished: SAME,
  },
  'profileUnavailable, retrying': {
    hintRestored: SAME,
    sessionSignedIn: BEA_SIGNED_IN,
    sessionSignedOut: SIGNED_OUT,
    profileUnavailable: unavailableWithHint(null),
    signInStarted: SIGNING_IN,
    signInSucceeded: CAL_SIGNED_IN,
    signInFailed: SAME,
    formErrorCleared: SAME,
    signOutFailed: SAME,
    retryStarted: SAME,
    retryFinished: { ...STATES['profileUnavailable, retrying'], retrying: false },
  },
};

const STATE_NAMES = Object.keys(STATES) as StateName[];

interface Case {
  stateName: StateName;
  eventType: AuthEventType;
  expected: Cell;
  title: string;
}

const CASES: Case[] = STATE_NAMES.flatMap((stateName) =>
  AUTH_EVENT_TYPES.map((eventType): Case => {
    const expected = EXPECTED[stateName][eventType];
    const verdict = expected === SAME ? 'stays as it is' : `goes to ${expected.kind}`;
    return { stateName, eventType, expected, title: `${stateName} + ${eventType} ${verdict}` };
  }),
);

type Machine = (state: AuthState, event: AuthEvent) => AuthState;

/** Whether `machine` gives the expected cell for one case (the same check as the table's tests). */
function agrees(machine: Machine, { stateName, eventType, expected }: Case): boolean {
  const state: AuthState = STATES[stateName];
  const next = machine(state, EVENTS[eventType]);
  return expected === SAME ? next === state : next !== state && isDeepStrictEqual(next, expected);
}

/** The cases a machine gets wrong. */
const disagreements = (machine: Machine) =>
  CASES.filter((c) => !agrees(machine, c)).map((c) => `${c.stateName}/${c.eventType}`);

describe('the auth machine table', () => {
  it('samples every state kind and every event type', () => {
    expect(new Set(Object.values(STATES).map((state) => state.kind))).toEqual(new Set(AUTH_STATE_KINDS));
    expect(Object.keys(EVENTS).sort()).toEqual([...AUTH_EVENT_TYPES].sort());
    expect(AUTH_STATE_KINDS).toHaveLength(5);
    expect(AUTH_EVENT_TYPES).toHaveLength(11);
  });

  it('walks every state × event: 8 sample states × 11 events = 88 cases', () => {
    expect(CASES).toHaveLength(88);
    expect(new Set(CASES.map((c) => `${c.stateName}/${c.eventType}`)).size).toBe(88);
  });
});

describe('authTransition', () => {
  it.each(CASES)('$title', ({ stateName, eventType, expected }) => {
    const state: AuthState = STATES[stateName];
    const next = authTransition(state, EVENTS[eventType]);
    if (expected === SAME) {
      expect(next).toBe(state);
    } else {
      expect(next).toEqual(expected);
      expect(next).not.toBe(state);
    }
  });

  it('agrees with the table in every cell', () => {
    expect(disagreements(authTransition)).toEqual([]);
  });

  it('fails exactly the altered cell when any one transition is altered (mutation check)', () => {
    for (const altered of CASES) {
      const expected = altered.expected === SAME ? STATES[altered.stateName] : altered.expected;
      // A wrong answer for this one cell: another state than the table's.
      const wrong: AuthState = isDeepStrictEqual(expected, SIGNING_IN) ? SIGNED_OUT : SIGNING_IN;
      const mutant: Machine = (state, event) =>
        state === STATES[altered.stateName] && event === EVENTS[altered.eventType]
          ? wrong
          : authTransition(state, event);
      expect(disagreements(mutant)).toEqual([`${altered.stateName}/${altered.eventType}`]);
    }
  });

  it('never mutates the state it is given', () => {
    for (const { stateName, eventType } of CASES) {
      const state = Object.freeze(structuredClone(STATES[stateName]));
      expect(() => authTransition(state, EVENTS[eventType])).not.toThrow();
      expect(state).toEqual(STATES[stateName]);
    }
  });

  it('starts unknown without a hint', () => {
    expect(initialAuthState).toEqual({ kind: 'unknown', lastUser: null });
  });
});

describe("the backend's session reports as events", () => {
  it('maps each AuthChange to its event', () => {
    expect(eventOfChange({ kind: 'signedIn', user: BEA, emailVerified: true })).toEqual({
      type: 'sessionSignedIn',
      user: BEA,
      emailVerified: true,
    });
    expect(eventOfChange({ kind: 'signedOut' })).toEqual({ type: 'sessionSignedOut' });
    expect(eventOfChange({ kind: 'profileUnavailable', uid: 'u', email: 'e@x.test', error: DB_DOWN })).toEqual({
      type: 'profileUnavailable',
      uid: 'u',
      email: 'e@x.test',
      error: DB_DOWN,
    });
  });
});

describe('what each state says', () => {
  const expectations: Record<StateName, { hint: unknown; user: unknown; sessionUid: string | null }> = {
    unknown: { hint: null, user: null, sessionUid: null },
    'unknown with a hint': { hint: HINT, user: null, sessionUid: null },
    signedOut: { hint: null, user: null, sessionUid: null },
    'signedOut with a form error': { hint: null, user: null, sessionUid: null },
    signingIn: { hint: null, user: null, sessionUid: null },
    signedIn: { hint: ADA, user: ADA, sessionUid: ADA.uid },
    profileUnavailable: { hint: HINT, user: null, sessionUid: 'u-9' },
    'profileUnavailable, retrying': { hint: null, user: null, sessionUid: 'u-9' },
  };

  it.each(STATE_NAMES)('%s: its hint, its current user (never the hint) and its session uid', (name) => {
    const state: AuthState = STATES[name];
    expect(hintOf(state)).toEqual(expectations[name].hint);
    expect(currentUserOf(state)).toEqual(expectations[name].user);
    expect(sessionUidOf(state)).toBe(expectations[name].sessionUid);
  });
});
