import { CLIENT_ID_ALPHABET, CLIENT_ID_LENGTH, newClientId } from '@/lib/ids';

/** Pearson's chi-square statistic of `counts` against a uniform spread of their total. */
function chiSquare(counts: readonly number[]): number {
  const expected = counts.reduce((sum, count) => sum + count, 0) / counts.length;
  return counts.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
}

/** How often each alphabet character appears over `ids`, in alphabet order. */
function characterCounts(ids: readonly string[]): number[] {
  const counts = new Array<number>(CLIENT_ID_ALPHABET.length).fill(0);
  for (const id of ids) {
    for (const char of id) {
      const at = CLIENT_ID_ALPHABET.indexOf(char);
      counts[at] = (counts[at] ?? 0) + 1;
    }
  }
  return counts;
}

describe('newClientId', () => {
  it('is 20 characters of the Firestore auto-id alphabet', () => {
    expect(CLIENT_ID_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
    for (let i = 0; i < 1_000; i++) expect(newClientId()).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(CLIENT_ID_LENGTH).toBe(20);
  });

  it('draws the characters uniformly from the system random source (chi-square over 20 000 ids)', () => {
    const counts = characterCounts(Array.from({ length: 20_000 }, () => newClientId()));
    // 61 degrees of freedom; a uniform source exceeds 129 about once in a million runs, while
    // `byte % 62` (A–H drawn 5/4 as often as the rest) lands in the thousands.
    expect(chiSquare(counts)).toBeLessThan(129);
    // The share of A–H, the characters `byte % 62` favours: 8/62 ≈ 0.129 when fair, 40/256 ≈ 0.156 when not.
    const firstEight = counts.slice(0, 8).reduce((sum, count) => sum + count, 0);
    expect(firstEight / (20_000 * CLIENT_ID_LENGTH)).toBeCloseTo(8 / 62, 2);
  });
});
