/**
 * The demo people local mode seeds on first run (DESIGN §1: the first admin comes with the
 * seed data). The sign-in page lists them in local mode, so this file imports nothing heavy.
 * These passwords protect nothing but a demo in one browser; never reuse them elsewhere.
 */
import type { Role } from '@/domain/roles';

/** One seeded account. */
export interface DemoAccount {
  role: Role;
  displayName: string;
  /** Lowercase. */
  email: string;
  /** At least 8 characters (DESIGN §3). */
  password: string;
}

/** One admin, two agents, three customers — in that order. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { role: 'admin', displayName: 'Alex Morgan', email: 'admin@triage.test', password: 'triage-admin' },
  { role: 'agent', displayName: 'Priya Shah', email: 'priya@triage.test', password: 'triage-agent' },
  { role: 'agent', displayName: 'Sam Okafor', email: 'sam@triage.test', password: 'triage-agent' },
  { role: 'customer', displayName: 'Dana Whitfield', email: 'dana@example.test', password: 'triage-customer' },
  { role: 'customer', displayName: 'Luis Romero', email: 'luis@example.test', password: 'triage-customer' },
  { role: 'customer', displayName: 'Mei Tanaka', email: 'mei@example.test', password: 'triage-customer' },
];
