/**
 * `src/domain/plans/ticket-write.ts`: a planned write applied to a stored ticket, merged with
 * another, and the stale-write check both adapters share (DESIGN §1–§3).
 */
import {
  applyTicketWrite,
  assertUnchangedSince,
  auditValue,
  isEmptyWrite,
  isStale,
  mergeWrites,
  sameTags,
} from '@/domain/plans/ticket-write';
import { AT, ticket } from '../../../support/plan-fixtures';

describe('ticket writes', () => {
  it('applies set, clear and stamp fields to a stored ticket, leaving other fields alone', () => {
    const before = ticket({ category: 'Billing', solvedAt: '2026-02-03T00:00:00.000Z' });
    const after = applyTicketWrite(
      before,
      { set: { priority: 'high' }, clear: ['category', 'solvedAt'], stamp: ['updatedAt'] },
      AT,
    );
    expect(after).toEqual({ ...ticket(), priority: 'high', updatedAt: AT });
    expect(before.category).toBe('Billing');
  });

  it('merges two writes, the later one winning on a field both name', () => {
    const merged = mergeWrites(
      { set: { lastMessageBy: 'agent' }, clear: [], stamp: ['updatedAt', 'solvedAt'] },
      { set: { status: 'open' }, clear: ['solvedAt'], stamp: ['updatedAt'] },
    );
    expect(merged).toEqual({
      set: { lastMessageBy: 'agent', status: 'open' },
      clear: ['solvedAt'],
      stamp: ['updatedAt'],
    });
  });

  it('knows an empty write', () => {
    expect(isEmptyWrite({ set: {}, clear: [], stamp: [] })).toBe(true);
    expect(isEmptyWrite({ set: {}, clear: [], stamp: ['updatedAt'] })).toBe(false);
  });

  it('formats audit values: tags comma-separated, nothing as null', () => {
    expect(auditValue(['billing', 'vip'])).toBe('billing, vip');
    expect(auditValue([])).toBeNull();
    expect(auditValue('')).toBeNull();
    expect(auditValue(undefined)).toBeNull();
    expect(auditValue('high')).toBe('high');
  });

  it('compares tag lists in order', () => {
    expect(sameTags(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameTags(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameTags(['a'], ['a', 'b'])).toBe(false);
  });
});

describe('the stale-write check (one comparison for both adapters)', () => {
  const stored = { updatedAt: '2026-02-02T09:00:00.000Z' };

  it('passes without an expectation, and for the same instant in another ISO spelling', () => {
    expect(isStale(stored, undefined)).toBe(false);
    expect(isStale(stored, '2026-02-02T09:00:00Z')).toBe(false);
    expect(isStale(stored, '2026-02-02T10:00:00.000+01:00')).toBe(false);
  });

  it('refuses another instant, and a value that is not a date, with the one aborted sentence', () => {
    expect(isStale(stored, '2026-02-02T09:00:00.001Z')).toBe(true);
    expect(isStale(stored, 'yesterday')).toBe(true);
    expect(() => assertUnchangedSince(stored, 'yesterday')).toThrow(
      expect.objectContaining({
        code: 'aborted',
        message: expect.stringContaining('Someone else changed this ticket'),
      }),
    );
  });
});
