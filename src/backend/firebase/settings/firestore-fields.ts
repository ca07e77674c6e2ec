/**
 * The custom field definitions on Firestore (DESIGN §3 "Custom fields"): `settings/fields` (every
 * field; staff read it) and `settings/customer-fields` (the fields customers see; anyone signed in
 * reads it), written together by admins. A module of its own, loaded on first use, so the
 * definitions' schemas stay out of the other Firestore calls' chunks.
 */
import { doc, runTransaction, serverTimestamp, type Firestore, type Transaction } from 'firebase/firestore';
import { toErrorShape } from '@/domain/errors/errors';
import { can } from '@/domain/policy';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';
import {
  customFieldValuesFrom,
  fieldsFor,
  type CustomFieldDefinition,
  type CustomFieldType,
  type CustomFieldValues,
} from '@/domain/custom-fields';
import {
  customFieldDefinitionsFrom,
  customFieldDefinitionsSchema,
  definitionsChangeProblem,
} from '@/domain/custom-field-schemas';
import { fieldRulesSummary, type FieldsContext } from '@/domain/plans/field-values';
import type { Ticket } from '@/domain/types';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { FirestoreContext } from '@/backend/firebase/core/context';
import { readActor, readActorIn } from '@/backend/firebase/users/firestore-users';
import { toAppError } from '@/backend/firebase/core/firebase-errors';
import { watchDocument } from '@/backend/firebase/core/firestore-live';

/** `settings/fields`: every custom field definition (staff read it, admins write it). */
function fieldsRef(db: Firestore) {
  return doc(db, 'settings', 'fields');
}

/** `settings/customer-fields`: the definitions customers see, written with `settings/fields` (anyone signed in reads it). */
function customerFieldsRef(db: Firestore) {
  return doc(db, 'settings', 'customer-fields');
}

/**
 * Follows the custom field definitions (DESIGN §3 "Custom fields"): staff follow
 * `settings/fields`, customers `settings/customer-fields` — the fields they see, so an agents-only
 * field's label never reaches a customer's browser. Entries are read leniently
 * (`customFieldDefinitionsFrom`); `[]` while none are stored. One document read, then one per change.
 */
export async function watchFields(
  ctx: FirestoreContext,
  onNext: Listener<CustomFieldDefinition[]>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  const staff = can(principalOf(await readActor(ctx)), 'ticket.readInternal');
  return watchDocument(
    staff ? fieldsRef(ctx.db) : customerFieldsRef(ctx.db),
    (snapshot) => fieldsFor(customFieldDefinitionsFrom(snapshot.get('fields')), staff),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}

/**
 * Replaces the custom field definitions (admins only) in a transaction that reads the caller's
 * role and the stored definitions: `settings/fields` with every field, `settings/customer-fields`
 * with those customers see, in one write (the rules require both, stamped alike).
 * @throws AppError `invalid-argument` (`customFieldDefinitionsSchema`, `definitionsChangeProblem`),
 *   `permission-denied`.
 */
export async function saveFields(ctx: FirestoreContext, fields: readonly CustomFieldDefinition[]): Promise<void> {
  const checked = parseInput(customFieldDefinitionsSchema, fields);
  await runTransaction(ctx.db, async (tx) => {
    const actor = await readActorIn(tx, ctx);
    assertCan(principalOf(actor), 'settings.manage');
    const stored = customFieldDefinitionsFrom((await tx.get(fieldsRef(ctx.db))).get('fields'));
    const problem = definitionsChangeProblem(stored, checked);
    if (problem !== null) throw refusals.badInput(problem);
    const at = serverTimestamp();
    // The rules check ticket values against the summary (`fieldRulesSummary`), written with the list.
    tx.set(fieldsRef(ctx.db), {
      fields: checked,
      summary: fieldRulesSummary(checked),
      updatedBy: actor.uid,
      updatedAt: at,
    });
    tx.set(customerFieldsRef(ctx.db), { fields: fieldsFor(checked, false), updatedAt: at });
  });
}

/** `tickets/{id}/agentFields/values`: a ticket's agents-only values (staff read and write it). */
export function agentFieldsRef(db: Firestore, ticketId: string) {
  return doc(db, 'tickets', ticketId, 'agentFields', 'values');
}

/**
 * The definitions as `staff` or a customer may read them, in a transaction: every field, or the
 * fields customers see (all a customer can write). One document read.
 */
export async function readDefinitionsIn(
  tx: Transaction,
  db: Firestore,
  staff: boolean,
): Promise<CustomFieldDefinition[]> {
  const snapshot = await tx.get(staff ? fieldsRef(db) : customerFieldsRef(db));
  return customFieldDefinitionsFrom(snapshot.get('fields'));
}

/**
 * The definitions and a ticket's values in a transaction, for a check that needs them (a solve, a
 * field change): a customer reads only the fields they see and no agents-only values (the rules
 * deny them; a customer writes only fields customers fill). Two reads for staff, one for a customer.
 */
export async function readFieldsContextIn(
  tx: Transaction,
  db: Firestore,
  ticket: Pick<Ticket, 'id' | 'fields'>,
  staff: boolean,
): Promise<FieldsContext> {
  const definitions = await readDefinitionsIn(tx, db, staff);
  const agents: CustomFieldValues = staff
    ? customFieldValuesFrom((await tx.get(agentFieldsRef(db, ticket.id))).get('values'))
    : {};
  return { definitions, values: { visible: ticket.fields ?? {}, agents } };
}

/**
 * Writes a ticket's agents-only values in a transaction: the whole map, the keys it changes by
 * type (`changedKeysByType`: the rules check those only), stamped and signed (the rules require
 * both), and the title of the macro that sets them, if one does (trusted code's audit entries name it).
 */
export function writeAgentFieldsIn(
  tx: Transaction,
  db: Firestore,
  ticketId: string,
  values: CustomFieldValues,
  changed: Record<CustomFieldType, string[]>,
  uid: string,
  macro?: string,
): void {
  tx.set(agentFieldsRef(db, ticketId), {
    values,
    changed,
    updatedAt: serverTimestamp(),
    updatedBy: uid,
    ...(macro !== undefined ? { macro } : {}),
  });
}

/** Follows a ticket's agents-only values (staff only; `{}` while there are none). */
export async function watchAgentFields(
  ctx: FirestoreContext,
  ticketId: string,
  onNext: Listener<CustomFieldValues>,
  onError: ErrorListener,
): Promise<Unsubscribe> {
  assertCan(principalOf(await readActor(ctx)), 'ticket.readInternal');
  return watchDocument(
    agentFieldsRef(ctx.db, ticketId),
    (snapshot) => customFieldValuesFrom(snapshot.get('values')),
    onNext,
    (error) => onError(toErrorShape(toAppError(error))),
  );
}
