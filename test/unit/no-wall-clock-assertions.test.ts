/**
 * No test gates on how long something took by the wall clock (issue 29: a journey failed on a
 * loaded machine, a reply seen a few milliseconds past its limit). Timings belong in the
 * benchmarks (`scripts/bench/`); a test checks that a thing happens, within its runner's
 * ordinary wait.
 *
 * The rule this file enforces over every test source under `test/` and `e2e/`: no `expect(…)`
 * receives an elapsed time, that is a difference of two clock reads — `Date.now()`,
 * `performance.now()`, or a name declared with one of them as its value — either written in
 * the expect's arguments or held in a name that is. A difference of one clock read and a
 * stored date (how old a seeded ticket is, how far off an expiry lies) measures data, not the
 * run, and is not caught.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');

/**
 * A sample source under test/fixtures/wall-clock/. Kept out of .ts files, and with the names of
 * its calls written `⟨expect⟩(…).⟨toBeLessThan⟩(…)`, so that no scan, this one or another, reads
 * the sample as a test of its own; the brackets come off here.
 */
function fixture(name: string): string {
  return readFileSync(path.join(ROOT, 'test/fixtures/wall-clock', name), 'utf8').replace(/⟨(\w+)⟩/g, '$1');
}
const SCANNED = ['test', 'e2e'];

/** Whether `node` is `Date.now()` or `performance.now()`. */
function isClockRead(node: ts.Node): boolean {
  if (!ts.isCallExpression(node) || node.arguments.length > 0) return false;
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'now' &&
    ts.isIdentifier(callee.expression) &&
    (callee.expression.text === 'Date' || callee.expression.text === 'performance')
  );
}

/** `node` without the parentheses around it. */
function unwrap(node: ts.Node): ts.Node {
  return ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
}

/** The names a file declares with a value computed by `test` (`const started = Date.now()`). */
function namesDeclaredWith(source: ts.SourceFile, test: (value: ts.Expression) => boolean): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && test(node.initializer)) {
      names.add(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

/** Whether `node` is the callee chain's root call `expect(…)` (also `expect.soft(…)`). */
function isExpectCall(node: ts.Node): node is ts.CallExpression {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  if (ts.isIdentifier(callee)) return callee.text === 'expect';
  return (
    ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && callee.expression.text === 'expect'
  );
}

/** Whether `node` contains (or is) a node for which `test` holds. */
function contains(node: ts.Node, test: (node: ts.Node) => boolean): boolean {
  if (test(node)) return true;
  return ts.forEachChild(node, (child) => (contains(child, test) ? true : undefined)) ?? false;
}

/**
 * The wall-clock assertions of one source file.
 * @param fileName used for the parser's dialect (`.tsx`) and in the messages.
 * @returns one `file:line: text` per `expect(…)` that receives an elapsed time.
 */
export function wallClockAssertions(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    text,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const clockNames = namesDeclaredWith(source, (value) => isClockRead(unwrap(value)));
  const isClock = (node: ts.Node) => {
    const inner = unwrap(node);
    return isClockRead(inner) || (ts.isIdentifier(inner) && clockNames.has(inner.text));
  };
  const isElapsed = (node: ts.Node) =>
    ts.isBinaryExpression(node) &&
    node.operatorToken.kind === ts.SyntaxKind.MinusToken &&
    isClock(node.left) &&
    isClock(node.right);
  const elapsedNames = namesDeclaredWith(source, (value) => contains(value, isElapsed));
  const receivesElapsed = (argument: ts.Node) =>
    contains(argument, (node) => isElapsed(node) || (ts.isIdentifier(node) && elapsedNames.has(node.text)));

  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (isExpectCall(node) && node.arguments.some(receivesElapsed)) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
      found.push(`${fileName}:${line + 1}: ${node.getText(source).split('\n')[0]}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every TypeScript file under `dir` (relative to the repository's root). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

describe('no test asserts a wall-clock duration', () => {
  it('finds none under test/ and e2e/', () => {
    const files = SCANNED.flatMap(sourcesUnder);
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((file) => wallClockAssertions(file, readFileSync(path.join(ROOT, file), 'utf8')));
    expect(found).toEqual([]);
  });

  it('catches the queue-latency gate the ticket journey once had', () => {
    // e2e/ticket-journey.spec.ts before the gate moved to `npm run bench:live-queue`.
    const before = fixture('ticket-journey-before.txt');
    expect(wallClockAssertions('e2e/ticket-journey.spec.ts', before)).toEqual([
      'e2e/ticket-journey.spec.ts:7: expect(seenAfterMs)',
    ]);
  });

  it('catches an elapsed time written in the expect, with performance.now() too', () => {
    const direct = fixture('elapsed-in-expect.txt');
    expect(wallClockAssertions('x.test.ts', direct)).toEqual([
      'x.test.ts:4: expect(Date.now() - left)',
      'x.test.ts:6: expect((performance.now() - t0) / 1000)',
    ]);
  });

  it('lets a stored date be compared with the clock (the age of data, not of the run)', () => {
    const dataAge = fixture('data-age.txt');
    expect(wallClockAssertions('x.test.tsx', dataAge)).toEqual([]);
  });
});
