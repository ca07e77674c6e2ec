/**
 * The audit trail of agents-only custom field values (DESIGN §3 "Custom fields"): they live in
 * `tickets/{id}/agentFields/values`, apart from the ticket customers read, so the ticket's own
 * trigger never sees them change. Each write of that document gets one `field` entry per changed
 * key, by its `updatedBy` (the rules make it the writer) at its `updatedAt` (the ticket's, stamped
 * in the same write), from the same `fieldAuditEntries` the planners use, naming the macro that
 * set them when one did (DESIGN §3 "Macros").
 */
import type { DocumentSnapshot } from 'firebase-admin/firestore';
import { customFieldValuesFrom } from '@/domain/custom-fields';
import { fieldAuditEntries } from '@/domain/plans/field-values';
import { optionalText, text } from './snapshot-values';

/** Firestore's gRPC code for a `create` of an id that exists. */
const ALREADY_EXISTS = 6;

/**
 * Writes the entries of one write of a ticket's agents-only values, with ids made of the change id
 * so that a retried run writes nothing twice (`create` fails on an existing id: the trail is there).
 * @returns how many entries were written.
 */
export async function recordAgentFieldsChange(
  changeId: string,
  before: DocumentSnapshot | null,
  after: DocumentSnapshot,
): Promise<number> {
  const entries = fieldAuditEntries(
    customFieldValuesFrom(before?.get('values')),
    customFieldValuesFrom(after.get('values')),
  );
  const ticket = after.ref.parent.parent;
  if (entries.length === 0 || !ticket) return 0;
  const actorId = text(after.get('updatedBy'));
  // A macro's write names it (the document is replaced on every write: a later one drops the name).
  const macro = optionalText(after.get('macro'));
  // A trigger run's write names its trigger (`triggers.ts`).
  const trigger = optionalText(after.get('trigger'));
  const at = after.get('updatedAt') as unknown;
  const batch = after.ref.firestore.batch();
  const prefix = changeId.replace(/[^A-Za-z0-9_-]/g, '_');
  entries.forEach((entry, index) => {
    batch.create(ticket.collection('events').doc(`${prefix}-f${index}`), {
      ...entry,
      ...(macro ? { macro } : {}),
      ...(trigger ? { trigger } : {}),
      actorId,
      at,
    });
  });
  try {
    await batch.commit();
    return entries.length;
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === ALREADY_EXISTS) return 0;
    throw error;
  }
}
