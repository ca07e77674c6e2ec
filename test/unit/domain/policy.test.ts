/**
 * The permission policy of DESIGN §1. Expectations are written out per role here, not read
 * from the policy's own sets.
 */
import { can, type Permission, type Principal } from '@/domain/policy';
import type { Role } from '@/domain/roles';
import { readerOf } from '@/domain/ticket-organisation';
import type { Ticket, TicketStatus } from '@/domain/types';

const customer: Principal = { uid: 'u-customer', role: 'customer' };
const otherCustomer: Principal = { uid: 'u-other', role: 'customer' };
const agent: Principal = { uid: 'u-agent', role: 'agent' };
const admin: Principal = { uid: 'u-admin', role: 'admin' };

const PRINCIPALS: Record<Role, Principal> = { customer, agent, admin };

function ticket(status: TicketStatus = 'open', requesterId = customer.uid): Pick<Ticket, 'requesterId' | 'status'> {
  return { status, requesterId };
}

/**
 * Permissions that do not depend on a ticket, per role (DESIGN §1). A `Record` over
 * `Permission` so a new permission fails type-checking until it is listed here.
 */
const ROLE_PERMISSIONS: Record<Permission, Record<Role, boolean> | 'per-ticket'> = {
  'ticket.create': { customer: true, agent: true, admin: true },
  'ticket.read': 'per-ticket',
  'ticket.reply': 'per-ticket',
  'ticket.attach': 'per-ticket',
  'ticket.fillFields': 'per-ticket',
  'ticket.readInternal': { customer: false, agent: true, admin: true },
  'ticket.writeInternal': { customer: false, agent: true, admin: true },
  'ticket.assign': { customer: false, agent: true, admin: true },
  'ticket.setPriority': { customer: false, agent: true, admin: true },
  'ticket.setTags': { customer: false, agent: true, admin: true },
  'ticket.setCategory': { customer: false, agent: true, admin: true },
  'ticket.beAssigned': { customer: false, agent: true, admin: true },
  'ticket.readHistory': { customer: false, agent: true, admin: true },
  'ticket.readRuleTrace': { customer: false, agent: false, admin: true },
  'ticket.follow': { customer: false, agent: true, admin: true },
  'tickets.listAnyone': { customer: false, agent: true, admin: true },
  'tickets.orderByUpdatedAt': { customer: false, agent: true, admin: true },
  'macros.use': { customer: false, agent: true, admin: true },
  'macros.manageShared': { customer: false, agent: false, admin: true },
  'presence.use': { customer: false, agent: true, admin: true },
  'users.list': { customer: false, agent: true, admin: true },
  'users.readAnyone': { customer: false, agent: true, admin: true },
  'users.readOwn': { customer: true, agent: true, admin: true },
  'reports.read': { customer: false, agent: true, admin: true },
  'users.setRole': { customer: false, agent: false, admin: true },
  'users.deactivate': { customer: false, agent: false, admin: true },
  'users.invite': { customer: false, agent: false, admin: true },
  'organisations.read': { customer: false, agent: true, admin: true },
  'organisations.manage': { customer: false, agent: false, admin: true },
  'settings.manage': { customer: false, agent: false, admin: true },
  'mail.read': { customer: false, agent: false, admin: true },
  'mail.simulateInbound': { customer: false, agent: false, admin: true },
};

const roleCases = Object.entries(ROLE_PERMISSIONS).flatMap(([permission, expected]) =>
  expected === 'per-ticket'
    ? []
    : (Object.keys(expected) as Role[]).map((role) => ({
        permission: permission as Permission,
        role,
        allowed: expected[role],
        verb: expected[role] ? 'lets' : 'refuses',
      })),
);

describe('can: role permissions', () => {
  it.each(roleCases)('$verb a $role $permission', ({ permission, role, allowed }) => {
    expect(can(PRINCIPALS[role], permission)).toBe(allowed);
  });

  it.each(roleCases)('$verb a $role $permission whatever ticket is passed along', ({ permission, role, allowed }) => {
    expect(can(PRINCIPALS[role], permission, ticket('open', 'someone-else'))).toBe(allowed);
    expect(can(PRINCIPALS[role], permission, ticket('closed', PRINCIPALS[role].uid))).toBe(allowed);
  });

  it('refuses a customer internal notes even on their own ticket', () => {
    expect(can(customer, 'ticket.readInternal', ticket('open'))).toBe(false);
    expect(can(customer, 'ticket.writeInternal', ticket('open'))).toBe(false);
  });

  it('refuses a customer changing roles, even their own', () => {
    expect(can(customer, 'users.setRole')).toBe(false);
  });
});

describe('can: a member of an organisation that shares reads, and only reads, its tickets (DESIGN §1 "Organisations")', () => {
  const filed = { status: 'open' as const, requesterId: customer.uid, organisationId: 'acme' };
  const member = { uid: 'u-member', role: 'customer' as const, organisationId: 'acme' };
  const shares = { id: 'acme', shareTickets: true };

  it('reads a colleague’s ticket of the organisation, and nothing more, only while it shares', () => {
    const reader = readerOf(member, shares);
    expect(reader).toEqual({ ...member, organisationId: undefined, sharedOrganisation: 'acme' });
    expect(can(reader, 'ticket.read', filed)).toBe(true);
    expect(can(reader, 'ticket.read', { ...filed, status: 'closed' })).toBe(true);
    for (const permission of ['ticket.reply', 'ticket.attach', 'ticket.fillFields'] as const)
      expect(can(reader, permission, filed)).toBe(false);
    expect(can(reader, 'ticket.read', { ...filed, organisationId: 'globex' })).toBe(false);
    expect(can(reader, 'ticket.read', { status: 'open', requesterId: customer.uid })).toBe(false);
    expect(can(readerOf(member, { id: 'acme', shareTickets: false }), 'ticket.read', filed)).toBe(false);
  });

  it('gives nothing to someone not in it, to staff, or without the organisation read', () => {
    expect(readerOf({ ...member, organisationId: 'globex' }, shares)).not.toHaveProperty('sharedOrganisation');
    expect(readerOf({ ...member, organisationId: undefined }, shares)).not.toHaveProperty('sharedOrganisation');
    expect(readerOf({ ...member, role: 'agent' }, shares)).not.toHaveProperty('sharedOrganisation');
    expect(readerOf(member, null)).not.toHaveProperty('sharedOrganisation');
  });
});

describe('can: reading, replying and attaching depend on the ticket', () => {
  const OPEN_STATUSES: readonly TicketStatus[] = ['new', 'open', 'pending', 'on_hold', 'solved'];
  const TICKET_ACTIONS = ['ticket.read', 'ticket.reply', 'ticket.attach'] as const;

  describe.each(TICKET_ACTIONS)('%s', (permission) => {
    it.each(OPEN_STATUSES)('lets a customer do it on their own %s ticket', (status) => {
      expect(can(customer, permission, ticket(status))).toBe(true);
    });

    it.each(OPEN_STATUSES)('refuses a customer on another customer’s %s ticket', (status) => {
      expect(can(otherCustomer, permission, ticket(status))).toBe(false);
    });

    it.each(OPEN_STATUSES)('lets agents and admins do it on anyone’s %s ticket', (status) => {
      expect(can(agent, permission, ticket(status))).toBe(true);
      expect(can(admin, permission, ticket(status))).toBe(true);
    });

    it('refuses everyone when no ticket is given', () => {
      expect(can(customer, permission)).toBe(false);
      expect(can(agent, permission)).toBe(false);
      expect(can(admin, permission)).toBe(false);
    });
  });

  describe('on a closed ticket', () => {
    const closed = ticket('closed');

    it('still lets the requester, agents and admins read it', () => {
      expect(can(customer, 'ticket.read', closed)).toBe(true);
      expect(can(agent, 'ticket.read', closed)).toBe(true);
      expect(can(admin, 'ticket.read', closed)).toBe(true);
    });

    it('still refuses another customer reading it', () => {
      expect(can(otherCustomer, 'ticket.read', closed)).toBe(false);
    });

    it.each(['ticket.reply', 'ticket.attach'] as const)('refuses %s to everyone, staff included', (permission) => {
      expect(can(customer, permission, closed)).toBe(false);
      expect(can(otherCustomer, permission, closed)).toBe(false);
      expect(can(agent, permission, closed)).toBe(false);
      expect(can(admin, permission, closed)).toBe(false);
    });
  });
});
