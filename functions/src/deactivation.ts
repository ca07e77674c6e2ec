/**
 * Deactivating and reactivating people, trusted code's side (DESIGN §1 "Deactivated people"):
 * the `setPersonDeactivated` callable's work. The decisions are the domain's
 * (`src/domain/deactivation.ts`); this reads what they need in a transaction and writes the
 * profile's mark and the open tickets' changes (the audit trail follows from `ticketWritten`),
 * then disables the Auth account and revokes its refresh tokens. The rules refuse the person's
 * next request from the moment the mark is written, whatever their ID token says.
 */
import { FieldValue, type Firestore, type Transaction } from 'firebase-admin/firestore';
import {
  DEACTIVATION_TICKETS_PER_WRITE,
  deactivationRequestSchema,
  planDeactivation,
  planReactivation,
  type DeactivationRequest,
} from '@/domain/deactivation';
import { AppError } from '@/domain/errors/errors';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { updateData } from './mail';
import { activeCallerOf, personOf, ticketOf } from './snapshot-values';

/** How many admins a deactivation reads to count the active ones (a desk has a handful). */
const ADMINS_READ = 500;

/** Firebase Authentication's side: switching an account off (with its sessions) and on again. */
export interface AccountSwitch {
  /** Disables the account and revokes its refresh tokens. */
  disable(uid: string): Promise<void>;
  /** Enables the account again. */
  enable(uid: string): Promise<void>;
}

/** One transaction of a deactivation: the mark (the first time) and up to a page of open tickets. */
async function deactivateStep(
  db: Firestore,
  tx: Transaction,
  callerUid: string,
  asked: DeactivationRequest,
): Promise<{ moved: number; more: boolean }> {
  const users = db.collection('users');
  const choice = asked.openTickets ?? { kind: 'unassign' as const };
  const [meSnapshot, personSnapshot, admins, assigneeSnapshot, assigned] = await Promise.all([
    tx.get(users.doc(callerUid)),
    tx.get(users.doc(asked.uid)),
    tx.get(users.where('role', '==', 'admin').limit(ADMINS_READ)),
    choice.kind === 'reassign' ? tx.get(users.doc(choice.assigneeId)) : Promise.resolve(null),
    tx.get(
      db
        .collection('tickets')
        .where('assigneeId', '==', asked.uid)
        .where('status', 'in', [...UNSOLVED_STATUSES])
        .limit(DEACTIVATION_TICKETS_PER_WRITE),
    ),
  ]);
  const actor = activeCallerOf(meSnapshot);
  const person = personOf(personSnapshot);
  const plan = planDeactivation({
    actor,
    person,
    activeAdmins: admins.docs.filter((admin) => admin.get('deactivated') !== true).length,
    assigned: assigned.docs.map(ticketOf),
    choice,
    assignee: assigneeSnapshot ? personOf(assigneeSnapshot) : null,
  });
  if (plan.deactivate) {
    tx.update(personSnapshot.ref, {
      deactivated: true,
      deactivatedAt: FieldValue.serverTimestamp(),
      deactivatedBy: callerUid,
      updatedAt: FieldValue.serverTimestamp(),
    });
  }
  for (const { ticketId, plan: change } of plan.tickets) {
    tx.update(db.collection('tickets').doc(ticketId), {
      ...updateData(change.write),
      updatedAt: FieldValue.serverTimestamp(),
      updatedBy: callerUid,
    });
  }
  return { moved: plan.tickets.length, more: assigned.size === DEACTIVATION_TICKETS_PER_WRITE };
}

/**
 * Deactivates or reactivates a person as `callerUid` asks (see `UsersPort.setDeactivated`).
 * Deactivating: the mark and the first page of open tickets in one transaction, then the Auth
 * account switched off, then the rest of the tickets a page at a time; a repeated request
 * finishes what an interrupted one left. Reactivating: the mark cleared, the account on again.
 * @returns how many open tickets moved.
 * @throws AppError `invalid-argument` for a malformed request, and the domain's refusals
 *   (`permission-denied`, `failed-precondition`, `not-found`) from {@link planDeactivation}.
 */
export async function setPersonDeactivated(
  db: Firestore,
  accounts: AccountSwitch,
  callerUid: string,
  input: unknown,
): Promise<{ ticketsMoved: number }> {
  const parsed = deactivationRequestSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError('invalid-argument', 'This is not a request to deactivate or reactivate someone.');
  const asked = parsed.data;
  if (!asked.deactivated) {
    await db.runTransaction(async (tx) => {
      const [meSnapshot, personSnapshot] = await Promise.all([
        tx.get(db.collection('users').doc(callerUid)),
        tx.get(db.collection('users').doc(asked.uid)),
      ]);
      if (!planReactivation(activeCallerOf(meSnapshot), personOf(personSnapshot))) return;
      tx.update(personSnapshot.ref, {
        deactivated: FieldValue.delete(),
        deactivatedAt: FieldValue.delete(),
        deactivatedBy: FieldValue.delete(),
        updatedAt: FieldValue.serverTimestamp(),
      });
    });
    // Also on a repeat: an earlier request may have cleared the mark and stopped before this.
    await accounts.enable(asked.uid);
    return { ticketsMoved: 0 };
  }
  let moved = 0;
  for (let first = true; ; first = false) {
    const step = await db.runTransaction((tx) => deactivateStep(db, tx, callerUid, asked));
    moved += step.moved;
    // After the first step (the mark is written, so the rules refuse them already): no new sign-in,
    // no new ID token. Also on a repeat, which may follow a step that stopped before this.
    if (first) await accounts.disable(asked.uid);
    if (!step.more) break;
  }
  return { ticketsMoved: moved };
}
