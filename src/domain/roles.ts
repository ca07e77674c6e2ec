/**
 * Roles of DESIGN §1. A user's role lives in `users/{uid}.role`; only an admin changes it.
 */
export const ROLES = ['customer', 'agent', 'admin'] as const;

/** One of DESIGN §1's roles. */
export type Role = (typeof ROLES)[number];

/** The role every sign-up gets, and the only one anyone may give themselves (DESIGN §3). */
export const SELF_ASSIGNABLE_ROLE: Role = 'customer';

/** True for agents and admins, the people who work the desk (DESIGN §1). */
export function isStaff(role: Role): boolean {
  return role === 'agent' || role === 'admin';
}

/** Human label for a role, as shown in menus and tags. */
export const ROLE_LABELS: Record<Role, string> = {
  customer: 'Customer',
  agent: 'Agent',
  admin: 'Admin',
};
