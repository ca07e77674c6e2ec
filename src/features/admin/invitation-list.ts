/**
 * Reads what an admin pastes into "Invite people" (DESIGN §1 "Invitations"): one person per line
 * — an address alone, or CSV `address, name, role` (commas, semicolons or tabs; quotes as CSV has
 * them; a first line `email,…` is a heading) — into rows for `invitePeopleSchema`, and says what
 * is wrong with each line that is not one. CSV is read by papaparse, not by hand.
 */
import { parse } from 'papaparse';
import { invitationRowSchema, type InvitationRow } from '@/domain/invitations';
import { ROLES, type Role } from '@/domain/roles';

/** Why a line is not a row: its address, its role word, or its name. */
export type InvitationLineIssue = 'email' | 'role' | 'name';

/** A line that is not a row: its number (from 1), its text, and what is wrong. */
export interface InvitationLineProblem {
  line: number;
  text: string;
  issue: InvitationLineIssue;
}

/** The rows read, and the lines that are not rows. */
export interface ParsedInvitationList {
  rows: InvitationRow[];
  problems: InvitationLineProblem[];
}

/** A role word as written in a list (`Agent`, `admin`…); `undefined` when it is none. */
function roleOf(word: string): Role | undefined {
  const lower = word.trim().toLowerCase();
  return ROLES.find((role) => role === lower);
}

/**
 * Reads `text` into rows; a line without a role takes `defaultRole`; empty lines are skipped.
 * Nothing is dropped silently: each line is a row or a problem.
 */
export function parseInvitationList(text: string, defaultRole: Role): ParsedInvitationList {
  // Empty lines are kept by the parser (and skipped below), so that a line's number is its own.
  const { data } = parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'] });
  const rows: InvitationRow[] = [];
  const problems: InvitationLineProblem[] = [];
  data.forEach((cells, index) => {
    const [email = '', name = '', role = ''] = cells.map((cell) => cell.trim());
    if (cells.every((cell) => cell.trim() === '')) return;
    if (rows.length === 0 && problems.length === 0 && email.toLowerCase() === 'email') return;
    const line = index + 1;
    const shown = cells.map((cell) => cell.trim()).join(', ');
    const chosenRole = role === '' ? defaultRole : roleOf(role);
    if (!chosenRole) {
      problems.push({ line, text: shown, issue: 'role' });
      return;
    }
    const parsed = invitationRowSchema.safeParse({
      email,
      role: chosenRole,
      ...(name === '' ? {} : { displayName: name }),
    });
    if (parsed.success) rows.push(parsed.data);
    else
      problems.push({
        line,
        text: shown,
        issue: parsed.error.issues.some((issue) => issue.path[0] === 'email') ? 'email' : 'name',
      });
  });
  return { rows, problems };
}
