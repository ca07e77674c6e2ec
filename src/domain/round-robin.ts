/**
 * Round-robin assignment (DESIGN §10 "Triggers"): a trigger's action that gives a ticket to the
 * next available agent of a set the admin chose, in the set's order, after the one its rota gave
 * the last ticket to. An agent is available when they say so (`UserProfile.available`, the switch
 * in the header) and holds fewer unsolved tickets than the action's cap. Chatwoot's round-robin
 * and Zendesk's omnichannel routing are the models; balanced by count, not by skill.
 *
 * Fair under bursts because trusted code reads and moves the rota (`rotas/{triggerId}`: the uid
 * it gave the last ticket to) in the same transaction as the ticket it assigns: two runs that
 * read the same rota conflict, and the later one runs again on the moved rota — so two tickets
 * never go to one agent because of a race, and nobody is skipped.
 *
 * Decided: when nobody in the set is available (or everyone is at the cap), the ticket stays
 * unassigned, the trigger's other actions still act, and the rule trace says so; the rota does
 * not move. An agent removed from the set gets nothing more from it; tickets they hold stay
 * theirs (nothing is queued for a person, so nothing waits for them). A set member who is not
 * (or no longer) staff is skipped as unavailable.
 */
import { isStaff } from '@/domain/roles';
import type { UserProfile } from '@/domain/types';

/** Most agents in one round-robin set. */
export const MAX_ROUND_ROBIN_AGENTS = 50;
/** Highest cap of unsolved tickets per agent an admin may set. */
export const MAX_ROUND_ROBIN_CAP = 1000;

/** The action: the agents' uids in rota order, and the most unsolved tickets each may hold. */
export interface RoundRobinAssignee {
  kind: 'roundRobin';
  agents: string[];
  cap: number;
}

/** A set member as the rota sees them. */
export interface RotaCandidate extends Pick<UserProfile, 'uid' | 'role' | 'displayName'> {
  /** Whether they said they take new tickets. */
  available: boolean;
  /** How many unsolved tickets (new, open, pending, on hold) they hold now. */
  open: number;
}

/** What trusted code reads for one round-robin trigger before it picks. */
export interface RotaState {
  /** The uid the rota gave its last ticket to, or `null` for a new rota. */
  last: string | null;
  /** The set's members as read (a uid with no profile is left out). */
  candidates: ReadonlyMap<string, RotaCandidate>;
}

/**
 * The agent the rota gives the next ticket to: the first of the set after `last` (wrapping
 * round; from the first when `last` is not in the set) who is staff, available and under the cap.
 * @returns the candidate, or `null` when nobody in the set may take it now.
 */
export function pickRoundRobin(action: RoundRobinAssignee, state: RotaState): RotaCandidate | null {
  const order = action.agents;
  if (order.length === 0) return null;
  const start = state.last === null ? 0 : order.indexOf(state.last) + 1;
  for (let step = 0; step < order.length; step += 1) {
    const candidate = state.candidates.get(order[(start + step) % order.length] ?? '');
    if (candidate && isStaff(candidate.role) && candidate.available && candidate.open < action.cap) return candidate;
  }
  return null;
}
