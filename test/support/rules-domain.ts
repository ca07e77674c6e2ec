/**
 * The parts of `firestore.rules` and `storage.rules` that restate `src/domain/` (DESIGN §2 the
 * lifecycle table, §3 limits and attachment types), as the exact rules text they must hold
 * between their `// <domain>` and `// </domain>` markers. `test/unit/security-rules.domain-blocks.test.ts`
 * compares; on a change in the domain it fails and prints the block to paste.
 */
import { MACRO_STATUS_EVENTS, MAX_MACRO_TITLE } from '@/domain/macros';
import { ASSIGN_ON_REPLY_FROM, LIFECYCLE, REPLY_MOVES } from '@/domain/lifecycle';
import { ALLOWED_ATTACHMENT_TYPES, LIMITS } from '@/domain/limits';
import { ROLES } from '@/domain/roles';
import { LOCALES } from '@/domain/locales';
import { MAX_PEOPLE_QUERY } from '@/domain/people';
import { UPLOAD_PATH_PATTERN, UPLOAD_QUOTA } from '@/domain/upload-quota';
import {
  CUSTOM_FIELD_TYPES,
  MAX_CUSTOM_FIELDS,
  MAX_FIELD_CHANGES,
  MAX_REQUEST_FIELDS,
  MAX_FIELD_OPTIONS,
  MAX_MULTILINE_VALUE,
  MAX_TEXT_VALUE,
} from '@/domain/custom-fields';
import { PRIORITIES, TICKET_STATUSES, type TicketStatus } from '@/domain/types';

/** Markers around the generated block in both rules files. */
export const DOMAIN_BLOCK_START = '// <domain>';
export const DOMAIN_BLOCK_END = '// </domain>';

const INDENT = '    ';

const list = (values: readonly string[]): string => `[${values.map((value) => `'${value}'`).join(', ')}]`;

/**
 * Who may move a ticket from one status to another, as a rules map literal
 * `{from: {to: [kinds]}}`: the union of the `who` of every DESIGN §2 row with that pair
 * (e.g. pending → open is `open` by staff and `customer_reply` by the requester). `submit`
 * (no ticket yet) is the create rule's business; `system` moves are made by staff clients.
 */
export function lifecycleMoves(): Record<TicketStatus, Partial<Record<TicketStatus, string[]>>> {
  const moves = Object.fromEntries(TICKET_STATUSES.map((status) => [status, {}])) as Record<
    TicketStatus,
    Partial<Record<TicketStatus, string[]>>
  >;
  for (const rule of LIFECYCLE) {
    for (const from of rule.from) {
      const who = (moves[from][rule.to] ??= []);
      for (const kind of rule.who) {
        const asRole = kind === 'system' ? 'staff' : kind;
        if (!who.includes(asRole)) who.push(asRole);
      }
    }
  }
  return moves;
}

function movesLiteral(): string {
  const rows = Object.entries(lifecycleMoves()).map(([from, targets]) => {
    const inner = Object.entries(targets)
      .map(([to, who]) => `'${to}': ${list([...(who ?? [])].sort())}`)
      .join(', ');
    return `${INDENT}  '${from}': {${inner}}`;
  });
  return `{\n${rows.join(',\n')}\n${INDENT}}`;
}

/** `{kind: [statuses]}`: where a public reply of each kind must move the ticket (`REPLY_MOVES`). */
function replyMovesLiteral(): string {
  const kinds = [...new Set(REPLY_MOVES.map((move) => move.by))].sort();
  const entries = kinds.map(
    (kind) => `'${kind}': ${list(REPLY_MOVES.filter((move) => move.by === kind).flatMap((move) => move.from))}`,
  );
  return `{${entries.join(', ')}}`;
}

/** The attachment content-type check shared by both files (DESIGN §3; SVG refused). */
function contentTypeFunction(): string {
  return [
    `${INDENT}function attachmentTypeOk(contentType) {`,
    `${INDENT}  return contentType is string`,
    `${INDENT}    && ((contentType.matches('image/[a-z0-9.+-]+') && contentType != 'image/svg+xml')`,
    `${INDENT}      || contentType in ${list(ALLOWED_ATTACHMENT_TYPES)});`,
    `${INDENT}}`,
  ].join('\n');
}

/**
 * `<type>Ok` for each position of `keys` (at most {@link MAX_FIELD_CHANGES}), nested so that a short
 * list stops at its end: the rules have no loops, and deeper nesting is "too complex" for them.
 */
function fieldWalk(type: string, args: string): string {
  let walk = '';
  // Conditionals, not `||`: the rules evaluate both sides of `||` and `&&` (an error on one side
  // may not decide), so only `? :` stops a walk at the list's end — and keeps an update that
  // changes one value within Firestore's 1 000-expression budget.
  for (let i = MAX_FIELD_CHANGES - 1; i >= 0; i -= 1) {
    const step = `(keys[${i}] in values ? ${type}Ok(${args.replace('$i', String(i))}values[keys[${i}]]) : true)`;
    walk =
      i === MAX_FIELD_CHANGES - 1
        ? `(keys.size() <= ${i} ? true : ${step})`
        : `(keys.size() <= ${i} ? true : (${step} && ${walk}))`;
  }
  return walk;
}

/** The types whose check needs the summary (options, bounds). */
const NEEDS_SUMMARY = new Set(['number', 'dropdown', 'multiselect']);

/** The generated block of `firestore.rules`. */
export function firestoreDomainBlock(): string {
  const { subject, body, tags, attachments, displayName } = LIMITS;
  return [
    `${INDENT}${DOMAIN_BLOCK_START} generated from src/domain by test/support/rules-domain.ts; do not edit by hand`,
    `${INDENT}function roles() { return ${list(ROLES)}; }`,
    `${INDENT}function locales() { return ${list(LOCALES)}; }`,
    `${INDENT}function priorities() { return ${list(PRIORITIES)}; }`,
    `${INDENT}function subjectOk(value) { return value is string && value.size() >= ${subject.min} && value.size() <= ${subject.max}; }`,
    `${INDENT}function bodyOk(value) { return value is string && value.size() >= ${body.min} && value.size() <= ${body.max}; }`,
    `${INDENT}function displayNameOk(value) { return value is string && value.size() >= ${displayName.min} && value.size() <= ${displayName.max}; }`,
    `${INDENT}function maxTags() { return ${tags.maxCount}; }`,
    `${INDENT}function tagPattern() { return '[a-z0-9-]{1,${tags.maxLength}}'; }`,
    `${INDENT}function maxAttachments() { return ${attachments.maxCount}; }`,
    `${INDENT}function maxAttachmentBytes() { return ${attachments.maxBytes}; }`,
    contentTypeFunction(),
    `${INDENT}// Who may move a ticket from → to (DESIGN §2): 'staff' = agent or admin, 'requester' = its customer.`,
    `${INDENT}function moves() {`,
    `${INDENT}  return ${movesLiteral().replace(/\n/g, `\n${INDENT}`)};`,
    `${INDENT}}`,
    `${INDENT}// Statuses a public reply of staff or the requester moves the ticket out of (DESIGN §2 REPLY_MOVES).`,
    `${INDENT}function replyMoves() { return ${replyMovesLiteral()}; }`,
    `${INDENT}// Statuses on which a staff public reply takes an unassigned ticket (DESIGN §2 assignsOnReply).`,
    `${INDENT}function assignOnReplyFrom() { return ${list(ASSIGN_ON_REPLY_FROM)}; }`,
    `${INDENT}// The most people one query of \`users\` may return (DESIGN §3 "Finding people").`,
    `${INDENT}function maxPeopleQuery() { return ${MAX_PEOPLE_QUERY}; }`,
    `${INDENT}// One person's upload window (DESIGN §4 "Uploads are bounded"): paths, hours, the path pattern.`,
    `${INDENT}function maxUploadsPerWindow() { return ${UPLOAD_QUOTA.maxPaths}; }`,
    `${INDENT}function uploadWindowHours() { return ${UPLOAD_QUOTA.windowMs / 3_600_000}; }`,
    `${INDENT}function uploadPathPattern() { return '${UPLOAD_PATH_PATTERN.source.slice(1, -1).replace(/\\\//g, '/')}'; }`,
    `${INDENT}// The most custom fields a desk defines, archived ones included (DESIGN §3 "Custom fields").`,
    `${INDENT}function maxCustomFields() { return ${MAX_CUSTOM_FIELDS}; }`,
    `${INDENT}function maxTextValue() { return ${MAX_TEXT_VALUE}; }`,
    `${INDENT}function maxMultilineValue() { return ${MAX_MULTILINE_VALUE}; }`,
    `${INDENT}function maxFieldOptions() { return ${MAX_FIELD_OPTIONS}; }`,
    `${INDENT}// The field types, the most values one write changes, and the most a request carries.`,
    `${INDENT}function fieldTypes() { return ${list(CUSTOM_FIELD_TYPES)}; }`,
    `${INDENT}function maxFieldChanges() { return ${MAX_FIELD_CHANGES}; }`,
    `${INDENT}function maxRequestFields() { return ${MAX_REQUEST_FIELDS}; }`,
    `${INDENT}// The lifecycle events a macro may fire, and the longest macro title (DESIGN §3 "Macros").`,
    `${INDENT}function macroEvents() { return ${list(MACRO_STATUS_EVENTS)}; }`,
    `${INDENT}function maxMacroTitle() { return ${MAX_MACRO_TITLE}; }`,
    `${INDENT}// Each changed key of a type is emptied or holds a fit value: the list walked by position (<type>Ok below).`,
    ...CUSTOM_FIELD_TYPES.map((type) => {
      const summary = NEEDS_SUMMARY.has(type);
      const walk = fieldWalk(type, summary ? 's, keys[$i], ' : '');
      return `${INDENT}function ${type}ValuesOk(${summary ? 's, ' : ''}values, keys) { return ${walk}; }`;
    }),
    `${INDENT}${DOMAIN_BLOCK_END}`,
  ].join('\n');
}

/** The generated block of `storage.rules`. */
export function storageDomainBlock(): string {
  return [
    `${INDENT}${DOMAIN_BLOCK_START} generated from src/domain by test/support/rules-domain.ts; do not edit by hand`,
    `${INDENT}function maxAttachmentBytes() { return ${LIMITS.attachments.maxBytes}; }`,
    contentTypeFunction(),
    `${INDENT}${DOMAIN_BLOCK_END}`,
  ].join('\n');
}

/** The text between (and including) the markers of a rules file, or `null` when absent. */
export function domainBlockOf(rules: string): string | null {
  const start = rules.indexOf(`${INDENT}${DOMAIN_BLOCK_START}`);
  const end = rules.indexOf(DOMAIN_BLOCK_END);
  if (start < 0 || end < 0) return null;
  return rules.slice(start, end + DOMAIN_BLOCK_END.length);
}
