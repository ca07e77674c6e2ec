/**
 * The settings port (DESIGN §3, §10): the desk settings, their history and the canned replies.
 */
import type { CannedReply, DeskSettings, DeskSettingsInput } from '@/domain/types';
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
}
