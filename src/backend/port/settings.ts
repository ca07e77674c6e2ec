/**
 * The settings port (DESIGN §3, §10): the desk settings, their history, the canned replies and the
 * custom ticket fields' definitions.
 */
import type { CannedReply, DeskSettings, DeskSettingsInput } from '@/domain/types';
import type { CustomFieldDefinition } from '@/domain/custom-fields';
import type { SettingsChange } from '@/domain/settings-history';
import type { Unsubscribe, Listener, ErrorListener } from '@/backend/port/subscriptions';

/** `settings/desk` (DESIGN §3). */
export interface SettingsPort {
  /** Live desk settings; defaults when none are stored yet. */
  watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the desk settings but the canned replies, which stay as stored (admins only; a
   * full {@link DeskSettings} may be passed, its `cannedReplies` is not written).
   * @throws AppError `permission-denied`, `invalid-argument` with the first problem's sentence.
   */
  save(settings: DeskSettingsInput): Promise<void>;
  /**
   * Follows the settings' history, newest first, at most `SETTINGS_HISTORY_SHOWN` entries
   * (admins only: `permission-denied` otherwise). DESIGN §10.
   */
  watchHistory(onNext: Listener<SettingsChange[]>, onError: ErrorListener): Unsubscribe;
  /**
   * Replaces the shared canned replies (agents and admins). Customers never receive
   * canned replies from `watch`.
   * @throws AppError `invalid-argument` (over the limits of `cannedRepliesSchema`), `permission-denied`.
   */
  saveCannedReplies(replies: readonly CannedReply[]): Promise<void>;
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
}
