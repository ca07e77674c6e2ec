/**
 * The unit and screen tests mirror the code (DESIGN §13): `test/unit/<path>.test.ts` and
 * `test/screens/<path>.test.tsx` test `src/<path>.ts(x)`, or the folder `src/<path>/` as a whole;
 * a second file of one subject adds an aspect before `.test` (`lifecycle.status-change-effects`).
 * A test whose subject lives outside `src` is listed in `OUTSIDE_SRC` with that subject, which
 * must exist. Helpers and fixtures live in `test/support/`, so nothing else sits in these folders.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The runners' folders and the one kind of file each holds (jest.config.ts's `unit` and `screens`). */
const RUNNERS = [
  { folder: 'test/unit', suffix: '.test.ts' },
  { folder: 'test/screens', suffix: '.test.tsx' },
] as const;

/**
 * Tests whose subject is not under `src`, by path from the repository root, each with the
 * repository paths it tests.
 */
const OUTSIDE_SRC: Record<string, readonly string[]> = {
  'test/unit/eslint.config.test.ts': ['eslint.config.mjs'],
  'test/unit/firebase.test.ts': ['firebase.json'],
  'test/unit/functions/package.test.ts': ['functions/package.json'],
  'test/unit/scripts/dev/java-check.test.ts': ['scripts/dev/java-check.ts'],
  'test/unit/scripts/ops/make-admin.test.ts': ['scripts/ops/make-admin.ts'],
  'test/unit/scripts/ops/seed-firebase.test.ts': ['scripts/ops/seed-firebase.ts'],
  'test/unit/security-rules.test.ts': ['firestore.rules', 'storage.rules'],
  'test/unit/security-rules.domain-blocks.test.ts': ['firestore.rules', 'storage.rules'],
  'test/unit/test-paths.test.ts': ['test/unit', 'test/screens'],
  'test/unit/no-wall-clock-assertions.test.ts': ['test', 'e2e'],
};

/** Every file under `folder` (a repository path), as repository paths with `/` separators. */
function filesUnder(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** Whether `src/<stem>` is a source file or a folder. */
function srcHas(stem: string): boolean {
  const base = path.join(ROOT, 'src', stem);
  return ['.ts', '.tsx'].some((extension) => existsSync(base + extension)) || existsSync(base);
}

/**
 * Why the test file at `file` (a repository path under a runner's folder) is misplaced, or
 * undefined when its mirrored subject exists.
 */
function misplacement(file: string): string | undefined {
  const listed = OUTSIDE_SRC[file];
  if (listed) {
    const missing = listed.filter((subject) => !existsSync(path.join(ROOT, subject)));
    return missing.length ? `${file}: its listed subject ${missing.join(', ')} does not exist` : undefined;
  }
  const runner = RUNNERS.find(({ folder }) => file.startsWith(`${folder}/`));
  if (!runner || !file.endsWith(runner.suffix)) {
    return `${file}: only ${RUNNERS.map((r) => `${r.folder}/**/*${r.suffix}`).join(' and ')} live here; helpers go to test/support/`;
  }
  const stem = file.slice(runner.folder.length + 1, -runner.suffix.length);
  const withoutAspect = stem.replace(/\.[^./]+$/, '');
  if (srcHas(stem) || (withoutAspect !== stem && srcHas(withoutAspect))) return undefined;
  return `${file}: no src/${stem}.ts(x) or src/${stem}/ (nor without an aspect) — move it to its subject's path, or list a subject outside src`;
}

describe('test paths mirror src', () => {
  it.each(RUNNERS.map(({ folder }) => folder))('every file under %s names an existing subject', (folder) => {
    expect(filesUnder(folder).map(misplacement).filter(Boolean)).toEqual([]);
  });

  it('lists no test that is not there', () => {
    const listed = Object.keys(OUTSIDE_SRC);
    expect(listed.filter((file) => !existsSync(path.join(ROOT, file)))).toEqual([]);
  });

  it('finds a misplaced test and a stray helper', () => {
    expect(misplacement('test/unit/domain/plans/reply.test.ts')).toBeUndefined();
    expect(misplacement('test/unit/domain/lifecycle.status-change-effects.test.ts')).toBeUndefined();
    expect(misplacement('test/screens/features/auth/screens.test.tsx')).toBeUndefined();
    expect(misplacement('test/unit/ticket-plans.test.ts')).toMatch(/no src\/ticket-plans/);
    expect(misplacement('test/screens/features/tickets/composer.test.tsx')).toMatch(/no src\//);
    expect(misplacement('test/screens/composer-harness.tsx')).toMatch(/helpers go to test\/support/);
    expect(misplacement('test/unit/domain/lifecycle.test.tsx')).toMatch(/only/);
  });
});
