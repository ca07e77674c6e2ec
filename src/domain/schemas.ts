/**
 * zod schemas for every input that crosses into the backend (DESIGN §3 limits). Forms use
 * the same schemas for their messages, so the browser and the adapters agree. Written with
 * `zod/mini`, whose functions tree-shake (classic zod's methods cannot).
 */
import { z } from 'zod/mini';
import { INVALID_EMAIL } from '@/domain/errors/sentences';
import { isAllowedAttachmentType, LIMITS } from '@/domain/limits';
import { LIFECYCLE_EVENTS } from '@/domain/lifecycle';
import { NO_FIELD_SORT_VALUE } from '@/domain/field-sort';
import { NO_SLA_DUE, PRIORITIES, TICKET_STATUSES, type Ticket } from '@/domain/types';
import { refusals } from '@/domain/errors/refusals';
import { ROLES } from '@/domain/roles';
import { searchKeyOf } from '@/domain/search-keys';
import { LOCALES } from '@/domain/locales';
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from '@/domain/avatars';
import { MAX_PEOPLE_PAGE } from '@/domain/people';
import { FIELD_KEY_PATTERN, fieldChangesSchema, fieldValuesSchema } from '@/domain/custom-fields';

// zod/mini loads no locale, so its own messages would all be "Invalid input"; keep the
// English ones classic zod gives for the few checks without a message of ours.
z.config(z.locales.en());

/** An email address. */
export const emailSchema = z.string().check(z.trim(), z.toLowerCase(), z.email(INVALID_EMAIL));

/** A password: at least 8 characters (DESIGN §3). */
export const passwordSchema = z
  .string()
  .check(z.minLength(LIMITS.password.min, `Use at least ${LIMITS.password.min} characters.`));

/** A display name: 1–80 characters after trimming (DESIGN §3). */
export const displayNameSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(LIMITS.displayName.min, 'Enter your name.'),
    z.maxLength(LIMITS.displayName.max, `Use at most ${LIMITS.displayName.max} characters.`),
  );

/** Sign-in form input. */
export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, 'Enter your password.')),
  /** Local backend only (`capabilities.tabSessions`): keep this sign-in to the tab it was made in. */
  thisTabOnly: z.optional(z.boolean()),
});
/** Sign-in input, validated. */
export type SignInInput = z.infer<typeof signInSchema>;

/** Sign-up form input; the role is never an input (DESIGN §3: sign-up makes a customer). */
export const signUpSchema = z.object({
  displayName: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Local backend only (`capabilities.tabSessions`): keep this sign-in to the tab it was made in. */
  thisTabOnly: z.optional(z.boolean()),
});
/** Sign-up input, validated. */
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A role value. */
export const roleSchema = z.enum(ROLES);

/** One of the languages Triage speaks (DESIGN §8). */
export const localeSchema = z.enum(LOCALES);

/** A tag: ≤ 30 chars of `[a-z0-9-]` (DESIGN §3). */
export const tagSchema = z
  .string()
  .check(
    z.minLength(1, 'A tag cannot be empty.'),
    z.maxLength(LIMITS.tags.maxLength, `A tag has at most ${LIMITS.tags.maxLength} characters.`),
    z.regex(LIMITS.tags.pattern, 'Tags use lowercase letters, digits and hyphens only.'),
  );

/** A ticket's tags: ≤ 10 (DESIGN §3). */
export const tagsSchema = z
  .array(tagSchema)
  .check(z.maxLength(LIMITS.tags.maxCount, `At most ${LIMITS.tags.maxCount} tags.`));

/** A ticket subject: 3–150 chars (DESIGN §3). */
export const subjectSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(LIMITS.subject.min, `The subject needs at least ${LIMITS.subject.min} characters.`),
    z.maxLength(LIMITS.subject.max, `The subject has at most ${LIMITS.subject.max} characters.`),
  );

/** A message body: 1–10 000 chars (DESIGN §3). */
export const bodySchema = z.string().check(
  z.minLength(LIMITS.body.min, 'Write a message.'),
  z.maxLength(LIMITS.body.max, `A message has at most ${LIMITS.body.max.toLocaleString('en-US')} characters.`),
  z.refine((body: string) => body.trim().length > 0, 'Write a message.'),
);

/** Metadata of a file about to be attached: ≤ 10 MB, allowed type (DESIGN §3). */
export const attachmentFileSchema = z.object({
  name: z
    .string()
    .check(z.minLength(1, 'A file needs a name.'), z.maxLength(200, 'A file name has at most 200 characters.')),
  size: z
    .number()
    .check(
      z.int('A file size is a whole number of bytes.'),
      z.nonnegative('A file size cannot be negative.'),
      z.lte(LIMITS.attachments.maxBytes, `A file may be at most ${LIMITS.attachments.maxBytes / 1024 / 1024} MB.`),
    ),
  contentType: z.string().check(z.refine(isAllowedAttachmentType, 'This type of file cannot be attached.')),
});

/** Up to 5 attachments (DESIGN §3). */
export const attachmentListSchema = z
  .array(attachmentFileSchema)
  .check(z.maxLength(LIMITS.attachments.maxCount, `At most ${LIMITS.attachments.maxCount} files per message.`));

/** A priority value. */
export const prioritySchema = z.enum(PRIORITIES);

/** Input of a new request (DESIGN §3: the description is the first public message). */
export const newTicketSchema = z.object({
  subject: subjectSchema,
  description: bodySchema,
  priority: prioritySchema,
  category: z.optional(z.string().check(z.maxLength(60))),
  followUpOf: z.optional(z.string()),
  /** Custom field values customers fill (DESIGN §3 "Custom fields"). */
  fields: z.optional(fieldValuesSchema),
});
/** New-request input, validated. */
export type NewTicketInput = z.infer<typeof newTicketSchema>;

/** Input of a new message. */
export const newMessageSchema = z.object({
  body: bodySchema,
  internal: z.boolean(),
});
/** New-message input, validated. */
export type NewMessageInput = z.infer<typeof newMessageSchema>;

/**
 * An email fed to reply by email from the "Outgoing mail" screen (DESIGN §9): a ticket number,
 * the sender's address, and the whole text (quoted history included, up to 50 000 characters:
 * the reply itself is then cut to a message's limit).
 */
export const simulatedInboundEmailSchema = z.object({
  ticketNumber: z
    .number()
    .check(z.int('A ticket number is a whole number.'), z.positive('A ticket number is a whole number.')),
  from: emailSchema,
  text: z.string().check(
    z.refine((text: string) => text.trim().length > 0, 'Write the email’s text.'),
    z.maxLength(50_000, 'An email has at most 50,000 characters here.'),
  ),
  automatic: z.optional(z.boolean()),
});

/**
 * The first validation message of a zod error, for showing people.
 * @returns a sentence such as "Use at least 8 characters."
 */
export function firstIssueMessage(error: z.core.$ZodError): string {
  return error.issues[0]?.message ?? 'The input is not valid.';
}

/**
 * Validates input that crosses into a backend with one of these schemas (both adapters).
 * @returns the parsed value (trimmed, lowercased where the schema says so).
 * @throws AppError `invalid-argument` with the first issue's sentence ({@link firstIssueMessage}).
 */
export function parseInput<S extends z.ZodMiniType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw refusals.badInput(firstIssueMessage(result.error));
  return result.data;
}

/** Largest page a ticket list may ask for (DESIGN §3: bounded queries). */
export const MAX_TICKET_PAGE = 100;

/** Longest free-text search a queue accepts (a few words; the search key is one of them). */
export const MAX_SEARCH_TEXT = 100;

/** The refusal of a people query asking for deactivated people and something else too. */
const DEACTIVATED_ALONE =
  'Deactivated people are listed without a search, a role or an organisation: clear those first.';

/** A time as the port passes it (ISO-8601 UTC): a string `Date.parse` reads. */
const isoTimeSchema = z.string().check(z.refine((value) => !Number.isNaN(Date.parse(value)), 'Give a date and time.'));

/** What a field filter matches: an option id, `true`/`false`, a day `YYYY-MM-DD` or a month `YYYY-MM`. */
const FIELD_FILTER_VALUE = /^(?:[a-z][a-z0-9_]{0,39}|\d{4}-\d{2}(?:-\d{2})?)$/;

/** The fields of a ticket filter, before the checks across fields. */
const ticketFilterFields = z.object({
  requesterId: z.optional(z.string().check(z.minLength(1))),
  statuses: z.optional(z.array(z.enum(TICKET_STATUSES))),
  assigneeId: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  priority: z.optional(prioritySchema),
  category: z.optional(z.string().check(z.minLength(1), z.maxLength(60, 'A category has at most 60 characters.'))),
  tag: z.optional(tagSchema),
  /** An organisation's id: its tickets (DESIGN §1 "Organisations"). */
  organisationId: z.optional(
    z.string().check(z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'Choose an organisation to filter by.')),
  ),
  search: z.optional(
    z.string().check(z.maxLength(MAX_SEARCH_TEXT, `Search for at most ${MAX_SEARCH_TEXT} characters.`)),
  ),
  slaDueAfter: z.optional(isoTimeSchema),
  slaDueBefore: z.optional(isoTimeSchema),
  field: z.optional(
    z.object({
      key: z.string().check(z.regex(FIELD_KEY_PATTERN, 'Choose a field to filter by.')),
      value: z
        .string()
        .check(z.regex(FIELD_FILTER_VALUE, 'Filter a field by an option, checked or not, a day or a month.')),
    }),
  ),
});

/**
 * Refuses two of a tag, a field filter, an organisation and a search together (one
 * `array-contains` per Firestore query: `search-keys.ts`).
 */
const tagOrSearch = z.refine<{ tag?: string; search?: string; field?: unknown; organisationId?: string }>(
  (filter) =>
    [
      filter.tag !== undefined,
      filter.field !== undefined,
      filter.organisationId !== undefined,
      searchKeyOf(filter.search) !== null,
    ].filter(Boolean).length <= 1,
  'A tag, a field, an organisation and a search cannot be combined: keep one of them.',
);

/**
 * A ticket filter (the port's `TicketFilter`), validated by both adapters. A tag and a search
 * cannot be combined (`search-keys.ts`: Firestore allows one `array-contains` per query).
 */
export const ticketFilterSchema = ticketFilterFields.check(tagOrSearch);

/** Fields a ticket list may be ordered by (the port's `TicketSortField`). */
export const TICKET_SORT_FIELDS = [
  'updatedAt',
  'lastMessageAt',
  'createdAt',
  'slaDueAt',
  'fieldSortA',
  'fieldSortB',
] as const;

/**
 * A ticket's value in a sort field (the cursor's `value`): `slaDueAt` is absent on tickets from
 * before SLAs, which have no clock running ({@link NO_SLA_DUE}); a sort slot's on tickets trusted
 * code has not reached ({@link NO_FIELD_SORT_VALUE}).
 */
export function ticketSortValue(ticket: Ticket, field: (typeof TICKET_SORT_FIELDS)[number]): string {
  if (field === 'slaDueAt') return ticket.slaDueAt ?? NO_SLA_DUE;
  if (field === 'fieldSortA' || field === 'fieldSortB') return ticket[field] ?? NO_FIELD_SORT_VALUE;
  return ticket[field];
}

/** A ticket list query (the port's `TicketQuery`), validated by both adapters. */
export const ticketQuerySchema = z
  .extend(ticketFilterFields, {
    limit: z
      .number()
      .check(
        z.int(),
        z.gte(1, 'Ask for at least one ticket.'),
        z.lte(MAX_TICKET_PAGE, `Ask for at most ${MAX_TICKET_PAGE} tickets.`),
      ),
    sort: z.optional(
      z.object({
        field: z.enum(TICKET_SORT_FIELDS, {
          error: 'Tickets can be ordered by last activity, last reply, creation, next SLA breach or a sortable field.',
        }),
        direction: z.enum(['asc', 'desc']),
      }),
    ),
    after: z.optional(z.object({ value: z.string().check(z.minLength(1)), id: z.string().check(z.minLength(1)) })),
  })
  .check(
    tagOrSearch,
    // Firestore orders a range by its own field first: the SLA views are read in breach order.
    z.refine(
      (query) =>
        (query.slaDueAfter === undefined && query.slaDueBefore === undefined) || query.sort?.field === 'slaDueAt',
      'Tickets chosen by SLA due time are listed by next SLA breach.',
    ),
  );

/** Options of a guarded write (the port's `WriteOptions`). */
export const writeOptionsSchema = z.object({
  expectedUpdatedAt: z.optional(z.string().check(z.minLength(1))),
});

/** What `tickets.applyMacro` takes (the port's `ApplyMacroInput`). */
export const applyMacroInputSchema = z.strictObject({
  macroId: z.string().check(z.minLength(1, 'Choose a macro.'), z.maxLength(128)),
  preview: z.optional(z.boolean()),
  expectedUpdatedAt: z.optional(z.string().check(z.minLength(1))),
});

/** A staff change to a ticket's fields (the port's `TicketPatch`); unknown keys are refused. */
export const ticketPatchSchema = z.strictObject({
  priority: z.optional(prioritySchema),
  category: z.optional(
    z.nullable(z.string().check(z.trim(), z.maxLength(60, 'A category has at most 60 characters.'))),
  ),
  tags: z.optional(tagsSchema),
  assigneeId: z.optional(z.nullable(z.string().check(z.minLength(1)))),
  fields: z.optional(fieldChangesSchema),
});

/** A lifecycle event name (DESIGN §2). */
export const lifecycleEventSchema = z.enum(LIFECYCLE_EVENTS, { error: 'This is not a lifecycle event.' });

/** An image about to become an avatar: its declared type and size (bytes). */
export const avatarFileSchema = z.object({
  size: z
    .number()
    .check(
      z.positive('This image is empty.'),
      z.maximum(AVATAR_MAX_BYTES, 'A picture is at most 2 MB. Choose a smaller image.'),
    ),
  contentType: z
    .string()
    .check(
      z.refine(
        (type: string) => (AVATAR_TYPES as readonly string[]).includes(type.toLowerCase()),
        'A picture is a PNG, JPEG, GIF or WebP image.',
      ),
    ),
});

/** A page of people asked of `users.list` (the port's `PeopleQuery`, DESIGN §3), validated by both adapters. */
export const peopleQuerySchema = z
  .object({
    search: z.optional(
      z.string().check(z.maxLength(MAX_SEARCH_TEXT, `Search for at most ${MAX_SEARCH_TEXT} characters.`)),
    ),
    role: z.optional(roleSchema),
    organisationId: z.optional(z.string().check(z.minLength(1), z.maxLength(128))),
    deactivated: z.optional(z.literal(true)),
    limit: z
      .number()
      .check(
        z.int(),
        z.gte(1, 'Ask for at least one person.'),
        z.lte(MAX_PEOPLE_PAGE, `Ask for at most ${MAX_PEOPLE_PAGE} people.`),
      ),
    after: z.optional(z.nullable(z.object({ displayName: z.string(), uid: z.string().check(z.minLength(1)) }))),
  })
  .check(
    z.refine((query) => query.deactivated !== true || (!query.search && !query.role && !query.organisationId), {
      message: DEACTIVATED_ALONE,
      path: ['deactivated'],
    }),
  );
