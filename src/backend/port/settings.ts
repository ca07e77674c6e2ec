/**
 * The settings port (DESIGN §3, §10): the desk settings, their history, the macros, the
 * custom ticket fields' definitions, the triggers and the recurring tickets.
 */
import type { DeskSettings, DeskSettingsInput } from '@/domain/types';
import type { Macro, MacroInput } from '@/domain/macros';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import type { Trigger, TriggerInput } from '@/domain/triggers';
import type { RecurringTicket, RecurringTicketInput } from '@/domain/recurring-tickets';
import type { SettingsChange } from '@/domain/settings-history';
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';

/** `settings/desk` (DESIGN §3). */
export interface SettingsPort {
  /** Live desk settings; defaults when none are stored yet. */
  watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the desk settings (admins only).
   * @throws AppError `permission-denied`, `invalid-argument` with the first problem's sentence.
   */
  save(settings: DeskSettingsInput): Promise<void>;
  /**
   * Follows the settings' history, newest first, at most `SETTINGS_HISTORY_SHOWN` entries
   * (admins only: `permission-denied` otherwise). DESIGN §10.
   */
  watchHistory(onNext: Listener<SettingsChange[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Live macros the signed-in agent may apply (DESIGN §3 "Macros"): the shared ones and their own
   * personal ones, by title. The error listener gets `permission-denied` for customers.
   */
  watchMacros(onNext: Listener<Macro[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Creates or replaces a macro by id: a shared one (`ownerId: null`) by an admin, a personal one
   * by its owner (`ownerId` the caller's uid); a macro's owner never changes.
   * @returns the macro as stored.
   * @throws AppError `invalid-argument` (`macroSchema`'s sentence), `permission-denied` (a shared
   *   macro by an agent, someone else's personal one, or a change of owner), `resource-exhausted`
   *   (over `MAX_SHARED_MACROS` / `MAX_PERSONAL_MACROS`).
   */
  saveMacro(macro: MacroInput): Promise<Macro>;
  /**
   * Deletes a macro (the same people as {@link saveMacro}); deleting one that does not exist does nothing.
   * Tickets keep the audit entries that name it.
   * @throws AppError `permission-denied`.
   */
  deleteMacro(id: string): Promise<void>;
  /**
   * Live custom field definitions, in the admin's order (DESIGN §3 "Custom fields"): every field
   * for staff; for a customer only those customers see (archived ones included). `[]` while none
   * are defined.
   */
  watchFields(onNext: Listener<CustomFieldDefinition[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the custom field definitions (admins only). Fields and options are archived, never
   * removed; a field's key and type never change (`definitionsChangeProblem`).
   * @throws AppError `permission-denied`; `invalid-argument` with the first problem's sentence
   *   (`customFieldDefinitionsSchema`, `definitionsChangeProblem`).
   */
  saveFields(fields: readonly CustomFieldDefinition[]): Promise<void>;
  /**
   * Live triggers of the desk in their order (DESIGN §10 "Triggers"), admins only
   * (`permission-denied` otherwise). A stored trigger that is malformed is left out.
   */
  watchTriggers(onNext: Listener<Trigger[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Creates or replaces a trigger by id (admins only).
   * @returns the trigger as stored.
   * @throws AppError `invalid-argument` (`triggerSchema`'s sentence), `permission-denied`,
   *   `resource-exhausted` (a new one over `MAX_TRIGGERS`).
   */
  saveTrigger(trigger: TriggerInput): Promise<Trigger>;
  /**
   * Deletes a trigger (admins only); one that does not exist is already deleted. Tickets keep the
   * audit entries that name it.
   * @throws AppError `permission-denied`.
   */
  deleteTrigger(id: string): Promise<void>;
  /**
   * Live recurring tickets of the desk, by title (DESIGN §10 "Recurring tickets"), admins only
   * (`permission-denied` otherwise). A stored one that is malformed is left out.
   */
  watchRecurringTickets(onNext: Listener<RecurringTicket[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Creates or replaces a recurring ticket by id (admins only); the caller becomes the requester of
   * the tickets it creates from now on, and no occurrence before this save is created.
   * @returns the recurring ticket as stored.
   * @throws AppError `invalid-argument` (`recurringTicketSchema`'s sentence), `permission-denied`,
   *   `resource-exhausted` (a new one over `MAX_RECURRING_TICKETS`).
   */
  saveRecurringTicket(recurring: RecurringTicketInput): Promise<RecurringTicket>;
  /**
   * Deletes a recurring ticket (admins only); one that does not exist is already deleted. The
   * tickets it created stay.
   * @throws AppError `permission-denied`.
   */
  deleteRecurringTicket(id: string): Promise<void>;
}
