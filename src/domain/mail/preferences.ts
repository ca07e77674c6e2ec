/**
 * Which emails a person gets (DESIGN §9): one switch per kind of notification, kept on their
 * profile (`users/{uid}.notifications`) and read by trusted code before it writes a mail.
 */
import { z } from 'zod/mini';
import type { Role } from '@/domain/roles';
import { isStaff } from '@/domain/roles';
import type { NotificationPreferences } from '@/domain/types';

/** The switches of someone who never chose: everything about their own work, not the whole queue. */
export const DEFAULT_NOTIFICATIONS: NotificationPreferences = {
  requestUpdates: true,
  ticketAssigned: true,
  customerReplies: true,
  newUnassigned: false,
};

/** The switches a person's role can use: customers have only their requests' updates. */
export function notificationKindsFor(role: Role): (keyof NotificationPreferences)[] {
  return isStaff(role) ? ['requestUpdates', 'ticketAssigned', 'customerReplies', 'newUnassigned'] : ['requestUpdates'];
}

/** A full set of switches as stored (exactly these four booleans; the rules check the same). */
export const notificationPreferencesSchema = z.strictObject({
  requestUpdates: z.boolean(),
  ticketAssigned: z.boolean(),
  customerReplies: z.boolean(),
  newUnassigned: z.boolean(),
});

/**
 * A stored value read leniently (trusted code reads what a profile holds): each switch that is
 * not a boolean takes its default.
 */
export function notificationsOf(value: unknown): NotificationPreferences {
  const stored = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const pick = (key: keyof NotificationPreferences) =>
    typeof stored[key] === 'boolean' ? (stored[key] as boolean) : DEFAULT_NOTIFICATIONS[key];
  return {
    requestUpdates: pick('requestUpdates'),
    ticketAssigned: pick('ticketAssigned'),
    customerReplies: pick('customerReplies'),
    newUnassigned: pick('newUnassigned'),
  };
}
