/**
 * The rules files restate src/domain (DESIGN §2 "the Firestore rules all follow it"): their
 * generated blocks must be exactly what test/support/rules-domain.ts makes of the domain now.
 */
import { readFileSync } from 'node:fs';
import { LIFECYCLE } from '@/domain/lifecycle';
import { domainBlockOf, firestoreDomainBlock, lifecycleMoves, storageDomainBlock } from '../support/rules-domain';

describe('the rules files follow src/domain', () => {
  it.each([
    ['firestore.rules', firestoreDomainBlock],
    ['storage.rules', storageDomainBlock],
  ])('%s holds the generated block of the current domain (paste it from the diff if not)', (file, block) => {
    expect(domainBlockOf(readFileSync(file, 'utf8'))).toBe(block());
  });

  it('allows a rules move for every row of the lifecycle table and no other', () => {
    const moves = lifecycleMoves();
    const pairs = Object.entries(moves).flatMap(([from, targets]) => Object.keys(targets).map((to) => `${from}→${to}`));
    const expected = new Set(LIFECYCLE.flatMap((rule) => rule.from.map((from) => `${from}→${rule.to}`)));
    expect(new Set(pairs)).toEqual(expected);
    expect(moves.closed).toEqual({});
    expect([...(moves.pending.open ?? [])].sort()).toEqual(['requester', 'staff']);
    expect(moves.new.open).toEqual(['staff']);
  });
});
