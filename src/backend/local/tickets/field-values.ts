/**
 * Custom field values on the local backend (DESIGN §3 "Custom fields"): the ticket record holds
 * the values customers see (`fields`), the `agentFields` table the agents-only ones — as the
 * ticket document and its staff-only `agentFields/values` document do on Firebase.
 */
import { fieldsFor, type CustomFieldDefinition, type CustomFieldValues } from '@/domain/custom-fields';
import type { FieldsContext } from '@/domain/plans/field-values';
import type { Ticket } from '@/domain/types';
import type { TriageDb } from '@/backend/local/core/db';
import { readCustomFields } from '@/backend/local/settings/settings';

/** A ticket's agents-only values, `{}` when it has none. */
export async function readAgentFields(db: TriageDb, ticketId: string): Promise<CustomFieldValues> {
  return (await db.agentFields.get(ticketId))?.values ?? {};
}

/**
 * The definitions as a person may read them: every field for staff, those customers see for a
 * customer — as on Firebase, where a customer reads only `settings/customer-fields`, so an
 * agents-only field is one they do not know of.
 */
export async function readDefinitionsFor(db: TriageDb, staff: boolean): Promise<CustomFieldDefinition[]> {
  return fieldsFor(await readCustomFields(db), staff);
}

/**
 * The desk's definitions and a ticket's values, as the planners check them (a solve, a field
 * change): a customer's with only what they may read (no agents-only definition or value).
 */
export async function readFieldsContext(
  db: TriageDb,
  ticket: Pick<Ticket, 'id' | 'fields'>,
  staff = true,
): Promise<FieldsContext> {
  return {
    definitions: await readDefinitionsFor(db, staff),
    values: { visible: ticket.fields ?? {}, agents: staff ? await readAgentFields(db, ticket.id) : {} },
  };
}

/** Stores a ticket's agents-only values (the whole map; `{}` removes the record). */
export async function writeAgentFields(db: TriageDb, ticketId: string, values: CustomFieldValues): Promise<void> {
  if (Object.keys(values).length === 0) await db.agentFields.delete(ticketId);
  else await db.agentFields.put({ ticketId, values });
}
