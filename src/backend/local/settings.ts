/**
 * `settings/desk` on IndexedDB (DESIGN §3): everyone signed in reads it (the request form needs
 * the categories), only admins replace it.
 */
import { z } from 'zod';
import type { ErrorListener, Listener, SettingsPort, Unsubscribe } from '@/backend/port';
import { can } from '@/domain/policy';
import { bodySchema } from '@/domain/schemas';
import { DEFAULT_DESK_SETTINGS, PRIORITIES, type DeskSettings, type Priority } from '@/domain/types';
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

const minutes = z.number().int().positive('SLA targets are whole minutes above zero.');
const slaTargetSchema = z.object({ firstResponseMinutes: minutes, resolutionMinutes: minutes });

/**
 * Desk settings as an admin may save them. The domain has no schema for them yet; this one
 * keeps stored settings well-formed for every reader.
 */
export const deskSettingsSchema = z.object({
  categories: z
    .array(z.string().trim().min(1, 'A category needs a name.').max(60, 'A category has at most 60 characters.'))
    .max(50, 'At most 50 categories.'),
  closeAfterDays: z.number().int().min(1, 'Close after at least one day.').max(365, 'Close after at most 365 days.'),
  sla: z.object(
    Object.fromEntries(PRIORITIES.map((priority) => [priority, slaTargetSchema])) as Record<
      Priority,
      typeof slaTargetSchema
    >,
  ),
  cannedReplies: z
    .array(
      z.object({
        id: z.string().min(1),
        title: z
          .string()
          .trim()
          .min(1, 'A canned reply needs a title.')
          .max(100, 'A title has at most 100 characters.'),
        body: bodySchema,
      }),
    )
    .max(200, 'At most 200 canned replies.'),
});

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
