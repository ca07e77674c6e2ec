/**
 * Placeholders of a macro's reply and note (DESIGN §3 "Macros"), filled for the ticket at hand
 * when an agent inserts a reply-only macro into the composer or applies one.
 */

/** What a canned reply may refer to, by placeholder name. */
export interface PlaceholderContext {
  requester: { name: string };
  ticket: { number: number; subject: string };
  agent: { name: string };
}

/** The placeholders a canned reply body may use, with what each becomes (for the editor's help). */
export const PLACEHOLDERS: readonly { token: string; meaning: string }[] = [
  { token: '{{requester.name}}', meaning: 'the requester’s name' },
  { token: '{{requester.firstName}}', meaning: 'the requester’s first name' },
  { token: '{{ticket.number}}', meaning: 'the ticket number' },
  { token: '{{ticket.subject}}', meaning: 'the ticket subject' },
  { token: '{{agent.name}}', meaning: 'your name' },
  { token: '{{agent.firstName}}', meaning: 'your first name' },
];

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

function valueOf(path: string, context: PlaceholderContext): string | undefined {
  switch (path) {
    case 'requester.name':
      return context.requester.name;
    case 'requester.firstName':
      return firstName(context.requester.name);
    case 'ticket.number':
      return String(context.ticket.number);
    case 'ticket.subject':
      return context.ticket.subject;
    case 'agent.name':
      return context.agent.name;
    case 'agent.firstName':
      return firstName(context.agent.name);
    default:
      return undefined;
  }
}

/** The result of filling a canned reply: its text, and the placeholders it did not know. */
export interface FilledReply {
  text: string;
  unknown: string[];
}

/**
 * Fills `{{…}}` placeholders (spaces inside the braces allowed) from `context`. An unknown
 * placeholder is left as written, so the agent sees it before sending, and listed in `unknown`.
 */
export function fillPlaceholders(body: string, context: PlaceholderContext): FilledReply {
  const unknown: string[] = [];
  const text = body.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (whole, path: string) => {
    const value = valueOf(path, context);
    if (value === undefined) {
      if (!unknown.includes(whole)) unknown.push(whole);
      return whole;
    }
    return value;
  });
  return { text, unknown };
}
