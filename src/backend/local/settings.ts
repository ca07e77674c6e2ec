/**
 * `settings/desk` on IndexedDB (DESIGN §3): everyone signed in reads it (the request form needs
 * the categories), only admins replace it.
 */
import type { ErrorListener, Listener, SettingsPort, Unsubscribe } from '@/backend/port';
import { can } from '@/domain/policy';
import { deskSettingsSchema } from '@/domain/settings-schema';
import { DEFAULT_DESK_SETTINGS, type DeskSettings } from '@/domain/types';
import {
  isoAt,
  parseInput,
  permissionDenied,
  principalOf,
  requireUser,
  runCall,
  watchLive,
  type LocalContext,
} from '@/backend/local/context';

/** The id of the one settings record. */
export const DESK_SETTINGS_ID = 'desk';

/** The local {@link SettingsPort}. */
export function createLocalSettings(ctx: LocalContext): SettingsPort {
  const { db } = ctx;

  return {
    watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async () => (await db.settings.get(DESK_SETTINGS_ID))?.value ?? DEFAULT_DESK_SETTINGS,
        onNext,
        onError,
      );
    },

    save: (settings: DeskSettings) =>
      runCall(ctx, async () => {
        const value: DeskSettings = parseInput(deskSettingsSchema, settings);
        await db.transaction('rw', [db.users, db.settings], async () => {
          const me = await requireUser(ctx);
          if (!can(principalOf(me), 'settings.manage')) throw permissionDenied('Only admins can change desk settings.');
          await db.settings.put({ id: DESK_SETTINGS_ID, value, updatedAt: isoAt(ctx.now()) });
        });
      }),
  };
}
