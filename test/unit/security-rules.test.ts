/**
 * A static sanity check of firestore.rules and storage.rules, runnable without the
 * emulators (Java): rules_version 2, every `allow` has a condition, none is `if true`, no write
 * is allowed on sign-in alone, and no catch-all `match /{document=**}` allows anything. What
 * the rules allow in detail is tested against the emulators in test/rules/.
 *
 * The files are read by a small parser of the rules language's structure (service, match,
 * function, allow) that fails on anything else, so an `allow` cannot hide from the checks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

/** One `allow` statement, with the match paths it sits in (outermost first). */
interface AllowRule {
  methods: string[];
  condition: string | null;
  matchPaths: string[];
  line: number;
}

/** What the parser found in a rules file. */
interface RulesFile {
  version: string | null;
  services: string[];
  allows: AllowRule[];
  /** Function name → returned expression, for functions whose body is one `return`. */
  functions: Map<string, string>;
}

/**
 * Blanks out line and block comments (newlines kept, so line numbers hold), leaving string
 * literals alone: `'https://…'` is not a comment.
 */
function stripComments(text: string): string {
  let out = '';
  let quote: string | null = null;
  for (let i = 0; i < text.length; i++) {
    const char = text.charAt(i);
    if (quote) {
      out += char;
      if (char === '\\') out += text.charAt(++i);
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"') {
      quote = char;
      out += char;
    } else if (text.startsWith('//', i)) {
      while (i < text.length && text.charAt(i) !== '\n') i++;
      out += '\n';
    } else if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      const stop = end === -1 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop - 1;
    } else {
      out += char;
    }
  }
  return out;
}

/** The index just past the `;` ending the statement at `from` (outside strings and brackets). */
function statementEnd(code: string, from: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = from; i < code.length; i++) {
    const char = code.charAt(i);
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (char === ';' && depth === 0) return i + 1;
  }
  throw new Error(`unterminated statement at offset ${from}`);
}

/** The index just past the `}` closing the block whose `{` is at `open`. */
function blockEnd(code: string, open: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = open; i < code.length; i++) {
    const char = code.charAt(i);
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if (char === '{') depth++;
    else if (char === '}' && --depth === 0) return i + 1;
  }
  throw new Error(`unclosed block at offset ${open}`);
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Parses the structure of a Firebase rules file.
 * @throws Error naming the line of anything that is not rules_version, service, match,
 *   function, allow or a closing brace.
 */
function parseRules(text: string): RulesFile {
  const code = stripComments(text);
  const result: RulesFile = { version: null, services: [], allows: [], functions: new Map() };
  const open: ({ kind: 'service' } | { kind: 'match'; path: string })[] = [];
  const lineAt = (index: number) => code.slice(0, index).split('\n').length;
  let i = 0;
  while (i < code.length) {
    const rest = code.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    let match: RegExpExecArray | null;
    if ((match = /^rules_version\s*=\s*'([^']*)'\s*;/.exec(rest))) {
      result.version = match[1] ?? null;
      i += match[0].length;
    } else if ((match = /^service\s+([\w.]+)\s*\{/.exec(rest))) {
      result.services.push(match[1] ?? '');
      open.push({ kind: 'service' });
      i += match[0].length;
    } else if ((match = /^match\s+(\S+)\s*\{/.exec(rest))) {
      open.push({ kind: 'match', path: match[1] ?? '' });
      i += match[0].length;
    } else if ((match = /^function\s+(\w+)\s*\([^)]*\)\s*\{/.exec(rest))) {
      const end = blockEnd(code, i + match[0].length - 1);
      const body = squash(code.slice(i + match[0].length, end - 1));
      const onlyReturn = /^return\s+([\s\S]*);$/.exec(body);
      if (onlyReturn?.[1] !== undefined) result.functions.set(match[1] ?? '', squash(onlyReturn[1]));
      i = end;
    } else if (rest.startsWith('allow') && /^allow\s/.test(rest)) {
      const end = statementEnd(code, i);
      const statement = squash(code.slice(i, end - 1));
      const parts = /^allow\s+([a-z,\s]+?)\s*(?::\s*if\s+([\s\S]+))?$/.exec(statement);
      if (!parts) throw new Error(`cannot read the allow statement on line ${lineAt(i)}: ${statement}`);
      result.allows.push({
        methods: (parts[1] ?? '').split(',').map((method) => method.trim()),
        condition: parts[2] === undefined ? null : squash(parts[2]),
        matchPaths: open.flatMap((block) => (block.kind === 'match' ? [block.path] : [])),
        line: lineAt(i),
      });
      i = end;
    } else if (rest.startsWith('}')) {
      if (!open.pop()) throw new Error(`unbalanced } on line ${lineAt(i)}`);
      i += 1;
    } else {
      throw new Error(`unexpected text on line ${lineAt(i)}: ${rest.slice(0, 40)}`);
    }
  }
  if (open.length > 0) throw new Error('unclosed service or match block');
  return result;
}

/** Removes parentheses that wrap the whole expression. */
function unwrap(expression: string): string {
  let text = expression.trim();
  while (text.startsWith('(') && text.endsWith(')') && closingParen(text, 0) === text.length - 1) {
    text = text.slice(1, -1).trim();
  }
  return text;
}

function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text.charAt(i) === '(') depth++;
    else if (text.charAt(i) === ')' && --depth === 0) return i;
  }
  return -1;
}

/** Splits an expression on a binary operator at the top level (outside brackets and strings). */
function splitTopLevel(expression: string, operator: '||' | '&&'): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < expression.length; i++) {
    const char = expression.charAt(i);
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
    } else if (char === "'" || char === '"') quote = char;
    else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) depth--;
    else if (depth === 0 && expression.startsWith(operator, i)) {
      parts.push(expression.slice(start, i));
      start = i + operator.length;
      i++;
    }
  }
  parts.push(expression.slice(start));
  return parts.map(unwrap);
}

/** Whether an expression is `true` whatever the request: `true`, `x || true`, `(true && true)`. */
function isAlwaysTrue(expression: string): boolean {
  const text = unwrap(expression);
  if (text === 'true') return true;
  const disjuncts = splitTopLevel(text, '||');
  if (disjuncts.length > 1) return disjuncts.some(isAlwaysTrue);
  const conjuncts = splitTopLevel(text, '&&');
  return conjuncts.length > 1 && conjuncts.every(isAlwaysTrue);
}

const AUTH_ONLY = new Set(['request.auth != null', 'null != request.auth', 'request.auth.uid != null']);

/** Whether an expression asks nothing but "is someone signed in" (through functions too). */
function isAuthOnly(expression: string, functions: Map<string, string>, seen = new Set<string>()): boolean {
  const text = unwrap(expression);
  if (AUTH_ONLY.has(text)) return true;
  const call = /^(\w+)\(\)$/.exec(text);
  if (call?.[1] && !seen.has(call[1])) {
    const body = functions.get(call[1]);
    return body !== undefined && isAuthOnly(body, functions, new Set([...seen, call[1]]));
  }
  const conjuncts = splitTopLevel(text, '&&');
  return conjuncts.length > 1 && conjuncts.every((part) => isAuthOnly(part, functions, seen));
}

const WRITE_METHODS = new Set(['write', 'create', 'update', 'delete']);
const CATCH_ALL = /^\/\{\w+=\*\*\}$/;

/**
 * What is wrong with a rules file, one line per problem (empty when none).
 * The rules file must hold: rules_version 2; no `allow` without `if`; no `if true`; no
 * write on sign-in alone; nothing allowed under a catch-all `match /{x=**}`.
 */
function rulesProblems(text: string): string[] {
  const rules = parseRules(text);
  const problems: string[] = [];
  if (rules.version !== '2') problems.push(`rules_version is ${rules.version ?? 'missing'}, not '2'`);
  if (rules.allows.length === 0) problems.push('no allow statement found');
  for (const allow of rules.allows) {
    const where = `line ${allow.line} (allow ${allow.methods.join(', ')})`;
    if (allow.condition === null) {
      problems.push(`${where}: allow without an if condition`);
      continue;
    }
    if (isAlwaysTrue(allow.condition)) {
      problems.push(`${where}: allowed if true`);
    }
    if (allow.methods.some((method) => WRITE_METHODS.has(method)) && isAuthOnly(allow.condition, rules.functions)) {
      problems.push(`${where}: writes allowed to anyone signed in`);
    }
    const catchAll = allow.matchPaths.find((matchPath) => CATCH_ALL.test(matchPath));
    if (catchAll) problems.push(`${where}: allowed under the catch-all match ${catchAll}`);
  }
  return problems;
}

const ROOT = path.resolve(__dirname, '../..');

describe.each([
  ['firestore.rules', 'cloud.firestore'],
  ['storage.rules', 'firebase.storage'],
])('%s', (file, service) => {
  const text = readFileSync(path.join(ROOT, file), 'utf8');

  it(`declares rules_version '2' and the ${service} service`, () => {
    const rules = parseRules(text);
    expect(rules.version).toBe('2');
    expect(rules.services).toEqual([service]);
  });

  it('has no allow without a condition, no if true, no write on sign-in alone and no catch-all', () => {
    expect(parseRules(text).allows.length).toBeGreaterThan(0);
    expect(rulesProblems(text)).toEqual([]);
  });
});

describe('the rules checker', () => {
  const file = (body: string, version = "rules_version = '2';") =>
    `${version}\nservice cloud.firestore {\n  match /databases/{database}/documents {\n${body}\n  }\n}\n`;

  it.each([
    ['allow read, write: if true;', 'allowed if true'],
    ['match /x/{id} { allow read: if (false || (true)); }', 'allowed if true'],
    ['match /x/{id} { allow read; }', 'allow without an if condition'],
    ['match /x/{id} { allow write: if request.auth != null; }', 'writes allowed to anyone signed in'],
    [
      'function signedIn() { return request.auth != null; }\nmatch /x/{id} { allow create: if (signedIn()); }',
      'writes allowed to anyone signed in',
    ],
    [
      'match /{document=**} { allow read: if request.auth.uid == "admin"; }',
      'allowed under the catch-all match /{document=**}',
    ],
    ['match /{document=**} { match /y/{id} { allow get: if false; } }', 'allowed under the catch-all'],
  ])('reports %s', (body, problem) => {
    expect(rulesProblems(file(body)).join('\n')).toContain(problem);
  });

  it('reports a missing or older rules_version', () => {
    expect(rulesProblems(file('allow get: if false;', ''))).toContain("rules_version is missing, not '2'");
    expect(rulesProblems(file('allow get: if false;', "rules_version = '1';"))).toContain(
      "rules_version is 1, not '2'",
    );
  });

  it('ignores comments but not strings that look like comments', () => {
    const body = [
      '// allow read, write: if true;',
      '/* match /{document=**} { allow read, write: if true; } */',
      "match /x/{id} { allow get: if resource.data.url == 'https://x' && request.auth.uid == id; }",
    ].join('\n');
    expect(rulesProblems(file(body))).toEqual([]);
    expect(parseRules(file(body)).allows.map((allow) => allow.condition)).toEqual([
      "resource.data.url == 'https://x' && request.auth.uid == id",
    ]);
  });

  it('accepts a write that checks more than sign-in, and reads for anyone signed in', () => {
    const body =
      'function signedIn() { return request.auth != null; }\n' +
      'match /x/{id} { allow read: if signedIn(); allow create: if signedIn() && request.auth.uid == id; }';
    expect(rulesProblems(file(body))).toEqual([]);
  });

  it('refuses text it cannot read rather than skipping it', () => {
    expect(() => parseRules(file('allow read: if true'))).toThrow(/unterminated statement/);
    expect(() => parseRules(file('permit read;'))).toThrow(/unexpected text on line 4/);
  });
});
