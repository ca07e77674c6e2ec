/**
 * `settings/desk` (DESIGN §3) as an admin may save it. Both adapters validate with this one
 * schema, so stored settings are well-formed for every reader, whichever backend wrote them.
 */
import { z } from 'zod/mini';
import { bodySchema } from '@/domain/schemas';
import { PRIORITIES, type Priority } from '@/domain/types';

const minutes = z.number().check(z.int(), z.positive('SLA targets are whole minutes above zero.'));
const slaTargetSchema = z.object({ firstResponseMinutes: minutes, resolutionMinutes: minutes });

/** One canned reply: an id, a title of 1–100 characters (trimmed) and a message body. */
export const cannedReplySchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'A canned reply needs a title.'),
      z.maxLength(100, 'A title has at most 100 characters.'),
    ),
  body: bodySchema,
});

/** The most canned replies a desk keeps. */
export const MAX_CANNED_REPLIES = 200;

/** The desk's shared canned replies: at most {@link MAX_CANNED_REPLIES}, each a {@link cannedReplySchema}. */
export const cannedRepliesSchema = z
  .array(cannedReplySchema)
  .check(z.maxLength(MAX_CANNED_REPLIES, 'At most 200 canned replies.'));

/**
 * `settings/desk` as an admin saves it: categories, close-after days, SLA targets per priority and
 * assign-on-reply. Canned replies are not part of it: they change only through their own save
 * (agents may change them too), so saving the desk never writes back a stale copy of them.
 */
export const deskSettingsSchema = z.object({
  categories: z
    .array(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'A category needs a name.'),
          z.maxLength(60, 'A category has at most 60 characters.'),
        ),
    )
    .check(z.maxLength(50, 'At most 50 categories.')),
  closeAfterDays: z
    .number()
    .check(z.int(), z.gte(1, 'Close after at least one day.'), z.lte(365, 'Close after at most 365 days.')),
  sla: z.object(
    Object.fromEntries(PRIORITIES.map((priority) => [priority, slaTargetSchema])) as Record<
      Priority,
      typeof slaTargetSchema
    >,
  ),
  assignOnReply: z.boolean(),
});
