/**
 * The permission policy of DESIGN §1 as one pure function. Status changes are the
 * lifecycle's business ({@link transition} in `lifecycle.ts`), not this file's.
 */
import { isStaff, type Role } from '@/domain/roles';
import type { Ticket } from '@/domain/types';

/** Everything a person may try, named after what they do. */
export type Permission =
  | 'ticket.create'
  | 'ticket.read'
  | 'ticket.reply'
  | 'ticket.attach'
  | 'ticket.fillFields'
  | 'ticket.readInternal'
  | 'ticket.writeInternal'
  | 'ticket.assign'
  | 'ticket.setPriority'
  | 'ticket.setTags'
  | 'ticket.setCategory'
  | 'ticket.beAssigned'
  | 'ticket.readHistory'
  | 'ticket.readRuleTrace'
  | 'ticket.follow'
  | 'tickets.listAnyone'
  | 'tickets.orderByUpdatedAt'
  | 'macros.use'
  | 'macros.manageShared'
  | 'presence.use'
  | 'users.list'
  | 'users.readAnyone'
  | 'users.readOwn'
  | 'reports.read'
  | 'users.setRole'
  | 'users.deactivate'
  | 'users.invite'
  | 'organisations.read'
  | 'organisations.manage'
  | 'settings.manage'
  | 'mail.read'
  | 'mail.simulateInbound';

/** The person asking. */
export interface Principal {
  uid: string;
  role: Role;
  /**
   * The organisation whose requests this customer reads besides their own: theirs, when it shares
   * them (`readerOf`, DESIGN §1 "Organisations"). Reading only: replying, attaching and filling
   * fields stay the requester's.
   */
  sharedOrganisation?: string;
}

const STAFF_ONLY: ReadonlySet<Permission> = new Set<Permission>([
  'ticket.readInternal',
  'ticket.writeInternal',
  'ticket.assign',
  'ticket.setPriority',
  'ticket.setTags',
  'ticket.setCategory',
  // Only an agent or admin can hold a ticket (DESIGN §1).
  'ticket.beAssigned',
  'ticket.readHistory',
  // Followers are staff: a follow emails internal notes (DESIGN §1 "Followers").
  'ticket.follow',
  // Customers list only their own requests, and never in `updatedAt` order: internal notes
  // move it, so that order would tell them a note was written.
  'tickets.listAnyone',
  'tickets.orderByUpdatedAt',
  // Macros (DESIGN §3 "Macros"): every agent applies them and keeps personal ones.
  'macros.use',
  'presence.use',
  'users.list',
  'users.readAnyone',
  // DESIGN §11: reports are for the people who work and run the desk.
  'reports.read',
  // DESIGN §1 "Organisations": the companies customers belong to, and staff's notes on them.
  'organisations.read',
]);

const ADMIN_ONLY: ReadonlySet<Permission> = new Set<Permission>([
  'users.setRole',
  // DESIGN §1 "Deactivated people": removing a leaver is the admins'.
  'users.deactivate',
  // DESIGN §1 "Invitations": who joins the desk, and with which role, is the admins' choice.
  'users.invite',
  // DESIGN §1 "Organisations": which companies exist and who belongs to them.
  'organisations.manage',
  'settings.manage',
  // Shared macros act for the whole team: the admins write them (DESIGN §3 "Macros").
  'macros.manageShared',
  // DESIGN §9: what the desk wrote to everyone is the admins' to look at.
  'mail.read',
  'mail.simulateInbound',
  // DESIGN §10 "Triggers": the rules' reasoning is for the people who write the rules.
  'ticket.readRuleTrace',
]);

// A requester fills custom fields of their own open request (only those customers fill: `valuesWriteProblem`).
const ON_OWN_TICKET: ReadonlySet<Permission> = new Set<Permission>([
  'ticket.read',
  'ticket.reply',
  'ticket.attach',
  'ticket.fillFields',
]);

/**
 * Whether `who` may do `what` (DESIGN §1).
 * @param ticket the ticket concerned, for permissions that depend on ownership
 *   (`ticket.read`, `ticket.reply`, `ticket.attach`, `ticket.fillFields`); a customer passes only on their own,
 *   but reads too those of the organisation they read shared (`Principal.sharedOrganisation`).
 * @returns true when allowed. Closed tickets are read-only: replies and attachments are refused.
 */
export function can(
  who: Principal,
  what: Permission,
  ticket?: Pick<Ticket, 'requesterId' | 'status' | 'organisationId'>,
): boolean {
  if (ADMIN_ONLY.has(what)) return who.role === 'admin';
  if (STAFF_ONLY.has(what)) return isStaff(who.role);
  if (what === 'ticket.create' || what === 'users.readOwn') return true;
  if (ON_OWN_TICKET.has(what)) {
    if (!ticket) return false;
    const own = isStaff(who.role) || ticket.requesterId === who.uid;
    if (what === 'ticket.read') {
      const shared = who.sharedOrganisation !== undefined && ticket.organisationId === who.sharedOrganisation;
      return own || shared;
    }
    return own && ticket.status !== 'closed';
  }
  return false;
}

/** The permission each field of a ticket patch needs (DESIGN §1). */
export const PATCH_PERMISSIONS: Record<'priority' | 'category' | 'tags' | 'assigneeId', Permission> = {
  priority: 'ticket.setPriority',
  category: 'ticket.setCategory',
  tags: 'ticket.setTags',
  assigneeId: 'ticket.assign',
};
