/**
 * The data model (`src/domain/types.ts`) is the base the domain's sub-folders build on: it
 * imports only other top-level domain modules, so imports between it and `mail/`, `plans/`,
 * `sla/`, … run one way.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const DOMAIN = path.join(__dirname, '../../../src/domain');

/** The module specifiers a source file imports from. */
function importsOf(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/^import\b[^;]*?from '([^']+)';/gms)].map((match) => match[1] ?? '');
}

describe('the data model', () => {
  it('imports no module from a domain sub-folder', () => {
    const imports = importsOf(path.join(DOMAIN, 'types.ts'));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((specifier) => !/^@\/domain\/[^/]+$/.test(specifier))).toEqual([]);
  });
});
