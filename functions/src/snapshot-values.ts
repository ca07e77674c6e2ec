/**
 * Reading stored values as DESIGN §3 reads them, for the trusted code: a missing or malformed
 * value takes its default instead of failing a trigger.
 */
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { slaStateFrom } from '@/domain/sla/ticket-sla';
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { AppError } from '@/domain/errors/errors';
import { refusals } from '@/domain/errors/refusals';
import { isLocale, type Locale } from '@/domain/locales';
import { ROLES, type Role } from '@/domain/roles';
import { PRIORITIES, TICKET_STATUSES, type Ticket } from '@/domain/types';

/** A string, else `''`. */
export function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The strings of an array, else `[]`. */
export function texts(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** A string, else `null`. */
export function optionalText(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

/** `value` when it is one of `allowed`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** A Firestore Timestamp (or ISO string) as ISO-8601 UTC; `undefined` for anything else. */
export function isoOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && value !== null && 'toDate' in value && typeof value.toDate === 'function') {
    return (value.toDate() as Date).toISOString();
  }
  return undefined;
}

/** A stored ticket as the port's {@link Ticket} (the fields the planners read). */
export function ticketOf(snapshot: DocumentSnapshot): Ticket {
  const get = (field: string) => snapshot.get(field) as unknown;
  const createdAt = isoOf(get('createdAt')) ?? new Date(0).toISOString();
  return {
    id: snapshot.id,
    number: Number(get('number')) || 0,
    subject: text(get('subject')),
    status: oneOf(get('status'), TICKET_STATUSES, 'new'),
    priority: oneOf(get('priority'), PRIORITIES, 'normal'),
    ...(optionalText(get('category')) !== null && { category: text(get('category')) }),
    tags: texts(get('tags')),
    requesterId: text(get('requesterId')),
    requesterName: text(get('requesterName')),
    ...(optionalText(get('assigneeId')) !== null && {
      assigneeId: text(get('assigneeId')),
      assigneeName: text(get('assigneeName')),
    }),
    createdAt,
    updatedAt: isoOf(get('updatedAt')) ?? createdAt,
    lastMessageAt: isoOf(get('lastMessageAt')) ?? createdAt,
    lastMessageBy: get('lastMessageBy') === 'agent' ? 'agent' : 'customer',
    ...(isoOf(get('firstResponseAt')) && { firstResponseAt: isoOf(get('firstResponseAt')) }),
    ...(isoOf(get('solvedAt')) && { solvedAt: isoOf(get('solvedAt')) }),
    ...(isoOf(get('closedAt')) && { closedAt: isoOf(get('closedAt')) }),
    ...(slaStateFrom(get('sla')) && { sla: slaStateFrom(get('sla')) }),
    ...(isoOf(get('slaDueAt')) && { slaDueAt: isoOf(get('slaDueAt')) }),
    ...(get('fields') !== undefined && { fields: customFieldValuesFrom(get('fields')) }),
    // The time rules that fired on it: each fires once (DESIGN §10 "Time rules").
    ...(texts(get('timeRuleMarks')).length > 0 && { timeRuleMarks: texts(get('timeRuleMarks')) }),
    // Trusted code's own (`null` for none): DESIGN §1 "Organisations".
    ...(typeof get('organisationId') === 'string' && { organisationId: get('organisationId') as string }),
  };
}

/** A stored profile's fields trusted code reads. */
export interface StoredPerson {
  uid: string;
  email: string;
  displayName: string;
  role: Role;
  locale?: Locale;
  notifications: unknown;
  /** Whether they take round-robin tickets (DESIGN §10 "Triggers"). */
  available: boolean;
  /** Set when an admin deactivated them (DESIGN §1 "Deactivated people"). */
  deactivated?: true;
  /** The organisation they belong to (DESIGN §1 "Organisations"), when they do. */
  organisationId?: string;
}

/** `users/{uid}` as a {@link StoredPerson}; `null` when there is no such profile. */
export function personOf(snapshot: DocumentSnapshot): StoredPerson | null {
  if (!snapshot.exists) return null;
  const locale = snapshot.get('locale') as unknown;
  return {
    uid: snapshot.id,
    email: text(snapshot.get('email')),
    displayName: text(snapshot.get('displayName')),
    role: oneOf(snapshot.get('role'), ROLES, 'customer'),
    ...(isLocale(locale) && { locale }),
    notifications: snapshot.get('notifications') as unknown,
    available: snapshot.get('available') === true,
    ...(snapshot.get('deactivated') === true && { deactivated: true as const }),
    ...(typeof snapshot.get('organisationId') === 'string' && {
      organisationId: snapshot.get('organisationId') as string,
    }),
  };
}

/**
 * The caller of an admin's callable (people, invitations, organisations): their stored profile,
 * refused when they have none (`unauthenticated`) or are deactivated (`permission-denied`, as the
 * rules would refuse their every request). Their role is the planners' check.
 */
export function activeCallerOf(snapshot: DocumentSnapshot): StoredPerson {
  const me = personOf(snapshot);
  if (!me) throw new AppError('unauthenticated', 'Sign in to manage people.');
  if (me.deactivated) throw refusals.accountDeactivated();
  return me;
}
