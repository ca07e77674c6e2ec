// A local ESLint rule: no import cycles among our own modules, counting `import type` too.
// `import-x/no-cycle` skips type-only imports by design (they vanish at runtime), but a type
// cycle still ties layers together — e.g. hooks typed with the root state, read by the slices
// the root state is built from. This rule follows every static `import` / `export … from` of
// our own code (the `@/` alias and relative paths; `import()` is lazy and does not count) and
// reports an import from which the importing file can be reached again.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
const SOURCE_PATTERN = /(?:^|[\n;}])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]/g;

/** Resolves an import of our own code to a file, or null (a package, or not found). */
function resolveImport(specifier, fromFile, root) {
  let base;
  if (specifier.startsWith('@/')) base = path.join(root, 'src', specifier.slice(2));
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = path.resolve(path.dirname(fromFile), specifier);
  else return null;
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next extension
    }
  }
  return null;
}

const importsCache = new Map();

/** The files a module imports statically, read from disk (cached while the file is unchanged). */
function importsOf(file, root) {
  let modified;
  try {
    modified = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.modified === modified) return cached.imports;
  const text = readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');
  const imports = [];
  for (const match of text.matchAll(SOURCE_PATTERN)) {
    const resolved = resolveImport(match[1], file, root);
    if (resolved) imports.push(resolved);
  }
  importsCache.set(file, { modified, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target`, or null. */
function pathBack(start, target, root) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file, root)) {
      if (next === target) {
        const chain = [file];
        for (let step = previous.get(file); step; step = previous.get(step)) chain.unshift(step);
        return chain;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow import cycles among our own modules, type-only imports included.' },
    schema: [],
    messages: { cycle: 'Import cycle (type imports count): {{chain}}.' },
  },
  create(context) {
    const filename = context.physicalFilename;
    const root = context.cwd;
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const target = resolveImport(node.source.value, filename, root);
      if (!target || target === filename) return;
      const chain = pathBack(target, filename, root);
      if (!chain) return;
      const names = [filename, ...chain, filename].map((file) => path.relative(root, file));
      context.report({ node, messageId: 'cycle', data: { chain: names.join(' → ') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

/** The plugin holding the project's own lint rules. */
export default { rules: { 'no-import-cycle': noImportCycle } };
