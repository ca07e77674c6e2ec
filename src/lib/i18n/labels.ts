/**
 * The words for the domain's own vocabulary in every language (DESIGN §8): statuses and
 * lifecycle moves (DESIGN §2), priorities (§3), roles (§1), the queue's views and the error
 * codes' sentences (§5). Screens read them through {@link useLabels} and
 * {@link useFriendlyMessage}, never from the English tables of `src/domain`, which stay the
 * source of the English and of the backends' own messages.
 */
import { useMemo } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import type { AppErrorCode } from '@/domain/errors/errors';
import { CODES_WITH_OWN_SENTENCE } from '@/domain/errors/sentences';
import type { Catalogue } from '@/lib/i18n/catalogue-types';
import { isAppErrorCode } from '@/domain/errors/errors';
import type { LifecycleEvent } from '@/domain/lifecycle';
import type { QueueViewId } from '@/domain/queue-views';
import type { Role } from '@/domain/roles';
import type { Priority, TicketStatus } from '@/domain/types';

const STATUS = defineMessages<TicketStatus>({
  new: { id: 'status.new', defaultMessage: 'New' },
  open: { id: 'status.open', defaultMessage: 'Open' },
  pending: { id: 'status.pending', defaultMessage: 'Pending' },
  on_hold: { id: 'status.on_hold', defaultMessage: 'On hold' },
  solved: { id: 'status.solved', defaultMessage: 'Solved' },
  closed: { id: 'status.closed', defaultMessage: 'Closed' },
});

const PRIORITY = defineMessages<Priority>({
  low: { id: 'priority.low', defaultMessage: 'Low' },
  normal: { id: 'priority.normal', defaultMessage: 'Normal' },
  high: { id: 'priority.high', defaultMessage: 'High' },
  urgent: { id: 'priority.urgent', defaultMessage: 'Urgent' },
});

const ROLE = defineMessages<Role>({
  customer: { id: 'role.customer', defaultMessage: 'Customer' },
  agent: { id: 'role.agent', defaultMessage: 'Agent' },
  admin: { id: 'role.admin', defaultMessage: 'Admin' },
});

/** Button labels of the lifecycle's moves (DESIGN §2's table), as a requester reads them. */
const MOVE = defineMessages<LifecycleEvent>({
  submit: { id: 'move.submit', defaultMessage: 'Submit' },
  open: { id: 'move.open', defaultMessage: 'Open' },
  await_customer: { id: 'move.await_customer', defaultMessage: 'Set pending' },
  hold: { id: 'move.hold', defaultMessage: 'Put on hold' },
  solve: { id: 'move.solve', defaultMessage: 'Mark as solved' },
  customer_reply: { id: 'move.customer_reply', defaultMessage: 'Reply' },
  reopen: { id: 'move.reopen', defaultMessage: 'Reopen' },
  close: { id: 'move.close', defaultMessage: 'Close' },
});

/** Where staff expect a shorter verb than the table's. */
const STAFF_MOVE = defineMessages({
  solve: { id: 'move.solve.staff', defaultMessage: 'Solve' },
});

const VIEW = defineMessages<QueueViewId>({
  unassigned: { id: 'view.unassigned', defaultMessage: 'Unassigned' },
  mine: { id: 'view.mine', defaultMessage: 'Mine' },
  open: { id: 'view.open', defaultMessage: 'All open' },
  pending: { id: 'view.pending', defaultMessage: 'Pending' },
  on_hold: { id: 'view.on_hold', defaultMessage: 'On hold' },
  solved: { id: 'view.solved', defaultMessage: 'Solved' },
  closed: { id: 'view.closed', defaultMessage: 'Closed' },
  all: { id: 'view.all', defaultMessage: 'All tickets' },
  breaching: { id: 'view.breaching', defaultMessage: 'Breaching soon' },
  breached: { id: 'view.breached', defaultMessage: 'Breached' },
});

const WRONG_CREDENTIALS = defineMessage({
  id: 'error.auth.wrongCredentials',
  defaultMessage: 'That email and password do not match an account.',
});
const POPUP_CLOSED = defineMessage({
  id: 'error.auth.popupClosed',
  defaultMessage: 'The Google sign-in window was closed before finishing.',
});

/** The sentence of each error code (the translations of `src/domain/errors/sentences.ts`). */
const CODE: Record<AppErrorCode, MessageDescriptor> = {
  ...defineMessages({
    'invalid-argument': {
      id: 'error.invalid-argument',
      defaultMessage: 'Some of what was entered is not valid. Check it and try again.',
    },
    'not-found': { id: 'error.not-found', defaultMessage: 'That item does not exist, or it has been deleted.' },
    'permission-denied': { id: 'error.permission-denied', defaultMessage: 'You do not have permission to do that.' },
    unauthenticated: { id: 'error.unauthenticated', defaultMessage: 'Please sign in to continue.' },
    'failed-precondition': {
      id: 'error.failed-precondition',
      defaultMessage: 'That is not possible in the current state. Check it and try again.',
    },
    aborted: {
      id: 'error.aborted',
      defaultMessage: 'Someone else changed this meanwhile. Check its current state and try again.',
    },
    'already-exists': { id: 'error.already-exists', defaultMessage: 'That already exists.' },
    unavailable: {
      id: 'error.unavailable',
      defaultMessage: 'Triage cannot reach its database. Check your connection and try again.',
    },
    'deadline-exceeded': {
      id: 'error.deadline-exceeded',
      defaultMessage: 'The server took too long to answer. Try again.',
    },
    'resource-exhausted': {
      id: 'error.resource-exhausted',
      defaultMessage: 'The desk is over its usage limits right now. Try again later.',
    },
    cancelled: { id: 'error.cancelled', defaultMessage: 'Cancelled.' },
    unsupported: { id: 'error.unsupported', defaultMessage: 'This is not available here.' },
    'auth/email-already-in-use': {
      id: 'error.auth.emailInUse',
      defaultMessage: 'An account with this email already exists.',
    },
    'auth/weak-password': {
      id: 'error.auth.weakPassword',
      defaultMessage: 'Choose a stronger password: at least 8 characters.',
    },
    'auth/invalid-email': { id: 'error.auth.invalidEmail', defaultMessage: 'Enter a valid email address.' },
    'auth/missing-email': { id: 'error.auth.missingEmail', defaultMessage: 'Enter your email address.' },
    'auth/user-disabled': {
      id: 'error.auth.userDisabled',
      defaultMessage: 'This account has been disabled. Contact your support team.',
    },
    'auth/too-many-requests': {
      id: 'error.auth.tooManyRequests',
      defaultMessage: 'Too many attempts. Wait a few minutes, or reset your password.',
    },
    'auth/network-request-failed': {
      id: 'error.auth.network',
      defaultMessage: 'Triage cannot reach the sign-in service. Check your connection and try again.',
    },
    'auth/popup-blocked': {
      id: 'error.auth.popupBlocked',
      defaultMessage: 'The browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
    },
    'auth/operation-not-allowed': {
      id: 'error.auth.notAllowed',
      defaultMessage: 'This way of signing in is not enabled for this desk.',
    },
    'auth/operation-not-supported-in-this-environment': {
      id: 'error.auth.notSupported',
      defaultMessage: 'Google sign-in is not available in this browser.',
    },
    'auth/unauthorized-domain': {
      id: 'error.auth.unauthorizedDomain',
      defaultMessage: 'Google sign-in is not enabled for this web address.',
    },
    'auth/requires-recent-login': { id: 'error.auth.recentLogin', defaultMessage: 'Please sign in again to do this.' },
    'auth/wrong-current-password': {
      id: 'error.auth.wrongPassword',
      defaultMessage: 'That is not your current password. Nothing was changed.',
    },
    unknown: { id: 'error.unknown', defaultMessage: 'Something went wrong. Try again.' },
  }),
  'auth/invalid-credential': WRONG_CREDENTIALS,
  'auth/user-not-found': WRONG_CREDENTIALS,
  'auth/popup-closed-by-user': POPUP_CLOSED,
  'auth/cancelled-popup-request': POPUP_CLOSED,
};

/** The domain's words in the current language. */
export interface Labels {
  status(status: TicketStatus): string;
  priority(priority: Priority): string;
  role(role: Role): string;
  /** A lifecycle move's button label; staff read "Solve" where requesters read "Mark as solved". */
  move(event: LifecycleEvent, staff?: boolean): string;
  view(id: QueueViewId): string;
}

/** {@link Labels} for an `IntlShape` (outside React: listeners, modals built in handlers). */
export function labelsFor(intl: IntlShape): Labels {
  return {
    status: (status) => intl.formatMessage(STATUS[status]),
    priority: (priority) => intl.formatMessage(PRIORITY[priority]),
    role: (role) => intl.formatMessage(ROLE[role]),
    move: (event, staff = false) => intl.formatMessage(staff && event === 'solve' ? STAFF_MOVE.solve : MOVE[event]),
    view: (id) => intl.formatMessage(VIEW[id]),
  };
}

/** The domain's words in the current language; re-renders the caller when it changes. */
export function useLabels(): Labels {
  const intl = useIntl();
  return useMemo(() => labelsFor(intl), [intl]);
}

/** Per language, what recognises the backends' refusal sentences (from its catalogue chunk). */
const refusalTranslations = new Map<string, NonNullable<Catalogue['refusals']>>();

/**
 * Makes a language's refusal translations known to {@link friendlySentence}; the provider calls
 * it when a catalogue is in use. `undefined` (English) leaves the sentences as they are.
 */
export function registerRefusalTranslations(locale: string, match: Catalogue['refusals']): void {
  if (match) refusalTranslations.set(locale, match);
}

/**
 * An error as a sentence in the reader's language: the code's sentence, or — for refusals that
 * say exactly what was refused (a limit, a file's name) — the error's own sentence, which the
 * backends write in English and the language's catalogue translates when it knows the refusal
 * (`refusal-sentences.ts`; a lifecycle move's refusal names the move in English and stays so).
 * @param error `{ code, message }` from the base query or a thunk, or RTK's `SerializedError`.
 */
export function friendlySentence(intl: IntlShape, error: { code?: string; message?: string }): string {
  const code = isAppErrorCode(error.code) ? error.code : 'unknown';
  if (CODES_WITH_OWN_SENTENCE.has(code) && error.message) {
    const known = refusalTranslations.get(intl.locale)?.(error.message);
    if (!known || !intl.messages[known.id]) return error.message;
    // A message chosen at run time (its English is in refusal-sentences.ts, for the extractor).
    const translate = intl.formatMessage;
    return translate({ id: known.id }, known.values);
  }
  return intl.formatMessage(CODE[code]);
}

/** {@link friendlySentence} bound to the current language. */
export function useFriendlyMessage(): (error: { code?: string; message?: string }) => string {
  const intl = useIntl();
  return useMemo(() => (error) => friendlySentence(intl, error), [intl]);
}
