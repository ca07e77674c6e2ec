/**
 * `src/features/admin/invitation-list.ts`: what an admin pastes into "Invite people" — addresses
 * one per line or CSV lines — becomes rows, and every line that is not one is said with its number.
 */
import { parseInvitationList } from '@/features/admin/invitation-list';

describe('parseInvitationList (DESIGN §1 "Invitations")', () => {
  it('reads addresses alone, and CSV lines with a name and a role, in quotes or not', () => {
    const text = [
      'email,name,role',
      'noor@example.test',
      '',
      'not an address, Someone',
      'sam@example.test,"Lee, Sam",Admin',
      'ana@example.test, Ana Ruiz',
    ].join('\n');
    expect(parseInvitationList(text, 'agent')).toEqual({
      rows: [
        { email: 'noor@example.test', role: 'agent' },
        { email: 'sam@example.test', role: 'admin', displayName: 'Lee, Sam' },
        { email: 'ana@example.test', role: 'agent', displayName: 'Ana Ruiz' },
      ],
      problems: [{ line: 4, text: 'not an address, Someone', issue: 'email' }],
    });
  });

  it('says which line has an unknown role or an overlong name; blank lines are not problems', () => {
    const long = 'x'.repeat(81);
    const { rows, problems } = parseInvitationList(`a@example.test,,owner\n\nb@example.test,${long}\n`, 'customer');
    expect(rows).toEqual([]);
    expect(problems).toEqual([
      { line: 1, text: 'a@example.test, , owner', issue: 'role' },
      { line: 3, text: `b@example.test, ${long}`, issue: 'name' },
    ]);
  });

  it('reads semicolons and tabs as a spreadsheet writes them, and lowercases addresses', () => {
    expect(parseInvitationList('Noor@Example.test;Noor;agent', 'customer').rows).toEqual([
      { email: 'noor@example.test', role: 'agent', displayName: 'Noor' },
    ]);
    expect(parseInvitationList('noor@example.test\tNoor\tadmin', 'customer').rows).toEqual([
      { email: 'noor@example.test', role: 'admin', displayName: 'Noor' },
    ]);
  });
});
