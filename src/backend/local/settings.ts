/**
 * `settings/desk` on IndexedDB (DESIGN §3): everyone signed in reads it (the request form needs
 * the categories) but only staff see its canned replies; only admins replace the rest, and agents
 * and admins replace the canned replies.
 */
import type { ErrorListener, Listener, SettingsPort, Unsubscribe } from '@/backend/port';
import { can } from '@/domain/policy';
import { principalOf } from '@/domain/plans/ticket-write';
import { assertCan } from '@/domain/errors/refusals';
import { parseInput } from '@/domain/schemas';
import { cannedRepliesSchema, deskSettingsSchema } from '@/domain/settings-schema';
import { DEFAULT_DESK_SETTINGS, type CannedReply, type DeskSettings, type DeskSettingsInput } from '@/domain/types';
import { isoAt, requireUser, watchLive, type LocalContext, runWrite } from '@/backend/local/context';

/** The id of the one settings record. */
export const DESK_SETTINGS_ID = 'desk';

/**
 * The stored desk settings, each field missing from an older record taken from the defaults.
 * Call inside a transaction that includes `db.settings` when the answer decides a write.
 */
export async function readDeskSettings(db: LocalContext['db']): Promise<DeskSettings> {
  return { ...DEFAULT_DESK_SETTINGS, ...(await db.settings.get(DESK_SETTINGS_ID))?.value };
}

/** The local {@link SettingsPort}. */
export function createLocalSettings(ctx: LocalContext): SettingsPort {
  const { db } = ctx;

  return {
    watch(onNext: Listener<DeskSettings>, onError: ErrorListener): Unsubscribe {
      return watchLive(
        ctx,
        async () => {
          const me = await requireUser(ctx);
          const settings = await readDeskSettings(db);
          return can(principalOf(me), 'cannedReplies.use') ? settings : { ...settings, cannedReplies: [] };
        },
        onNext,
        onError,
      );
    },

    save: (settings: DeskSettingsInput) =>
      runWrite(ctx, async () => {
        const desk = parseInput(deskSettingsSchema, settings);
        await db.transaction('rw', [db.users, db.settings], async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'settings.manage');
          // The canned replies stay as stored: they change only through saveCannedReplies.
          const { cannedReplies } = await readDeskSettings(db);
          await db.settings.put({
            id: DESK_SETTINGS_ID,
            value: { ...desk, cannedReplies },
            updatedAt: isoAt(ctx.now()),
          });
        });
      }),

    saveCannedReplies: (replies: readonly CannedReply[]) =>
      runWrite(ctx, async () => {
        const cannedReplies = parseInput(cannedRepliesSchema, replies);
        await db.transaction('rw', [db.users, db.settings], async () => {
          const me = await requireUser(ctx);
          assertCan(principalOf(me), 'cannedReplies.manage');
          const current = await readDeskSettings(db);
          await db.settings.put({
            id: DESK_SETTINGS_ID,
            value: { ...current, cannedReplies },
            updatedAt: isoAt(ctx.now()),
          });
        });
      }),
  };
}
