/**
 * `settings/desk` on IndexedDB (DESIGN §3): everyone signed in reads it (the request form needs
 * the categories); only admins replace it. The custom field definitions are the `customFields`
 * table's one record: staff read every field, customers those they see; admins replace them. The
 * macros are the `macros` table's (`macros.ts`).
 */
import { ticketWriteTables } from '@/backend/local/core/db';
import type { ErrorListener, Listener, Unsubscribe } from '@/backend/port/subscriptions';
import type { SettingsPort } from '@/backend/port/settings';
import { can } from '@/domain/policy';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan, refusals } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';
import { deskSettingsFrom, deskSettingsSchema } from '@/domain/settings-schema';
import { type DeskSettings, type DeskSettingsInput } from '@/domain/types';
import { deleteLocalMacro, saveLocalMacro, watchLocalMacros } from '@/backend/local/settings/macros';
import { deleteLocalTrigger, saveLocalTrigger, watchLocalTriggers } from '@/backend/local/settings/triggers';
import {
  deleteLocalRecurringTicket,
  saveLocalRecurringTicket,
  watchLocalRecurringTickets,
} from '@/backend/local/settings/recurring-tickets';
import { isoAt, requireUser, watchLive, type LocalContext, runWrite } from '@/backend/local/core/context';
import { newSortableId } from '@/backend/local/core/ids';
import { changedSettingsParts, SETTINGS_HISTORY_SHOWN, type SettingsChange } from '@/domain/settings-history';
import { UNSOLVED_STATUSES } from '@/domain/queue-views';
import { fieldsFor, type CustomFieldDefinition } from '@/domain/custom-fields';
import { sortSlotsSignature } from '@/domain/field-sort';
import {
  customFieldDefinitionsFrom,
  customFieldDefinitionsSchema,
  definitionsChangeProblem,
} from '@/domain/custom-field-schemas';

/** The id of the one settings record. */
export const DESK_SETTINGS_ID = 'desk';

/**
 * The stored desk settings, each field missing from an older record taken from the defaults.
 * Call inside a transaction that includes `db.settings` when the answer decides a write.
 */
export async function readDeskSettings(db: LocalContext['db']): Promise<DeskSettings> {
  return deskSettingsFrom((await db.settings.get(DESK_SETTINGS_ID))?.value);
}

/** The id of the custom fields' one record. */
const CUSTOM_FIELDS_ID = 'fields';

/** The stored custom field definitions, in order; `[]` while none are stored. */
export async function readCustomFields(db: LocalContext['db']): Promise<CustomFieldDefinition[]> {
  return customFieldDefinitionsFrom((await db.customFields.get(CUSTOM_FIELDS_ID))?.fields);
}

/** The local {@link SettingsPort}. */
export function createLocalSettings(ctx: LocalContext): SettingsPort {
  const { db } = ctx;

  return {
    watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async () => {
          await requireUser(ctx);
          return readDeskSettings(db);
        },
        onNext,
        onError,
      );
    },

    save: (settings: DeskSettingsInput) =>
      runWrite(ctx, async () => {
        const desk = parseInput(deskSettingsSchema, settings);
        await db.transaction('rw', [db.users, db.settingsHistory, ...ticketWriteTables(db)], async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'settings.manage');
          const before = await readDeskSettings(db);
          const ms = ctx.now();
          await db.settings.put({ id: DESK_SETTINGS_ID, value: desk, updatedAt: isoAt(ms) });
          const parts = changedSettingsParts(before, desk);
          if (parts.length === 0) return;
          await db.settingsHistory.add({
            id: newSortableId(ms),
            actorId: me.uid,
            actorName: me.displayName,
            at: isoAt(ms),
            parts,
          });
          if (parts.some((part) => part === 'businessHours' || part.startsWith('sla.'))) {
            // The unsolved tickets' next SLA due time follows the new policy (the middleware derives
            // it on each write: DESIGN §10).
            const unsolved = await db.tickets.filter((ticket) => UNSOLVED_STATUSES.includes(ticket.status)).toArray();
            await db.tickets.bulkPut(unsolved);
          }
        });
      }),

    watchHistory(onNext: Listener<SettingsChange[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => {
          assertCan(principalOf(me), 'settings.manage');
          return db.settingsHistory.orderBy('at').reverse().limit(SETTINGS_HISTORY_SHOWN).toArray();
        },
        onNext,
        onError,
      );
    },

    watchMacros: (onNext, onError) => watchLocalMacros(ctx, onNext, onError),
    saveMacro: (macro) => saveLocalMacro(ctx, macro),
    deleteMacro: (id) => deleteLocalMacro(ctx, id),
    watchTriggers: (onNext, onError) => watchLocalTriggers(ctx, onNext, onError),
    saveTrigger: (trigger) => saveLocalTrigger(ctx, trigger),
    deleteTrigger: (id) => deleteLocalTrigger(ctx, id),
    watchRecurringTickets: (onNext, onError) => watchLocalRecurringTickets(ctx, onNext, onError),
    saveRecurringTicket: (recurring) => saveLocalRecurringTicket(ctx, recurring),
    deleteRecurringTicket: (id) => deleteLocalRecurringTicket(ctx, id),

    watchFields(onNext: Listener<CustomFieldDefinition[]>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async (me) => fieldsFor(await readCustomFields(db), can(principalOf(me), 'ticket.readInternal')),
        onNext,
        onError,
      );
    },

    saveFields: (fields: readonly CustomFieldDefinition[]) =>
      runWrite(ctx, async () => {
        const checked = parseInput(customFieldDefinitionsSchema, fields);
        await db.transaction('rw', [db.users, ...ticketWriteTables(db)], async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'settings.manage');
          const stored = await readCustomFields(db);
          const problem = definitionsChangeProblem(stored, checked);
          if (problem !== null) throw refusals.badInput(problem);
          await db.customFields.put({
            id: CUSTOM_FIELDS_ID,
            fields: checked,
            updatedBy: me.uid,
            updatedAt: isoAt(ctx.now()),
          });
          // A sort slot given to another field (DESIGN §3 "Custom fields"): every ticket's slots
          // again, in this write — rewriting a ticket runs it through the middleware, which
          // derives them from the definitions just saved.
          if (sortSlotsSignature(stored) !== sortSlotsSignature(checked)) {
            await db.tickets.toCollection().modify(() => undefined);
          }
        });
      }),
  };
}
