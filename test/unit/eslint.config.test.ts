/**
 * @jest-environment node
 *
 * The dependency rules of DESIGN §5 are enforced by lint: with the project's own ESLint config,
 * an upward import, a cross-feature import, an adapter imported by a feature or by the other
 * adapter, and an import cycle (of values, or of types only) are each reported, and a legal
 * import is not; so is text
 * written straight into JSX (DESIGN §8), and a translated message is not. The probes
 * are linted as if saved at a path under src (they need not exist); the cycles are real files
 * under test/fixtures/lint, which the project's own lint run ignores.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';

interface LintMessage {
  ruleId: string | null;
  message: string;
}
interface LintResult {
  filePath: string;
  messages: LintMessage[];
}

const ROOT = path.resolve(__dirname, '../..');

/** What each probe imports, and where it pretends to live. */
const PROBES = {
  domainImportsBackend: {
    filePath: 'src/domain/lint-probe.ts',
    code: "import type { Backend } from '@/backend/port/backend';\nexport type Probe = Backend;\n",
  },
  domainImportsReact: {
    filePath: 'src/domain/lint-probe.ts',
    code: "import { useState } from 'react';\nexport const probe = useState;\n",
  },
  backendImportsLib: {
    filePath: 'src/backend/local/lint-probe.ts',
    code: "import { api } from '@/lib/store/api';\nexport const probe = api;\n",
  },
  featureImportsApp: {
    filePath: 'src/features/admin/lint-probe.ts',
    code: "import { makeStore } from '@/app/store';\nexport const probe = makeStore;\n",
  },
  libImportsFeature: {
    filePath: 'src/lib/lint-probe.ts',
    code: "import { StatusTag } from '@/features/tickets/components/status-tag';\nexport const probe = StatusTag;\n",
  },
  crossFeature: {
    filePath: 'src/features/admin/lint-probe.ts',
    code: "import { selectAuth } from '@/features/auth/slice/auth-slice';\nexport const probe = selectAuth;\n",
  },
  crossSubdomain: {
    filePath: 'src/features/tickets/workspace/lint-probe.ts',
    code: "import { QUEUE_PAGE_SIZES } from '@/features/tickets/queue/queue-location';\nexport const probe = QUEUE_PAGE_SIZES;\n",
  },
  featureImportsAdapter: {
    filePath: 'src/features/auth/lint-probe.ts',
    code: "import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';\nexport const probe = DEMO_ACCOUNTS;\n",
  },
  componentImportsFirebaseAdapter: {
    filePath: 'src/components/lint-probe.ts',
    code: "import { toAppError } from '@/backend/firebase/core/firebase-errors';\nexport const probe = toAppError;\n",
  },
  localAdapterImportsFirebaseAdapter: {
    filePath: 'src/backend/local/tickets/lint-probe.ts',
    code: "import { toAppError } from '@/backend/firebase/core/firebase-errors';\nexport const probe = toAppError;\n",
  },
  firebaseAdapterImportsLocalAdapter: {
    filePath: 'src/backend/firebase/tickets/lint-probe.ts',
    code: "import { DEMO_ACCOUNTS } from '@/backend/local/seed/demo-accounts';\nexport const probe = DEMO_ACCOUNTS;\n",
  },
  adapterImportsShared: {
    filePath: 'src/backend/local/tickets/lint-probe.ts',
    code: [
      "import { withBulk } from '@/backend/shared/bulk-tickets';",
      "import type { TicketsPort } from '@/backend/port/tickets';",
      "import { isoAt } from '@/backend/local/core/context';",
      'export const probe: [typeof withBulk, typeof isoAt, TicketsPort | null] = [withBulk, isoAt, null];',
      '',
    ].join('\n'),
  },
  adapterPlansReply: {
    filePath: 'src/backend/local/messages/lint-probe.ts',
    code: "import { planReply } from '@/domain/plans/reply';\nexport const probe = planReply;\n",
  },
  functionPlansReply: {
    filePath: 'functions/src/lint-probe.ts',
    code: "import * as reply from '@/domain/plans/reply';\nexport const probe = reply.planReply;\n",
  },
  reExportedPlanReply: {
    filePath: 'src/domain/plans/lint-probe.ts',
    code: "export { planReply as plan } from './reply';\n",
  },
  addMessageModulePlansReply: {
    filePath: 'src/domain/plans/add-message.ts',
    code: "import { isRetriedMessage, planReply } from '@/domain/plans/reply';\nexport const probe = [planReply, isRetriedMessage];\n",
  },
  adapterUsesReplyHelpers: {
    filePath: 'src/backend/firebase/messages/lint-probe.ts',
    code: "import { assertMayAttach } from '@/domain/plans/reply';\nexport const probe = assertMayAttach;\n",
  },
  featureImportsFirebase: {
    filePath: 'src/features/auth/lint-probe.ts',
    code: "import { getAuth } from 'firebase/auth';\nexport const probe = getAuth;\n",
  },
  jsxText: {
    filePath: 'src/features/admin/lint-probe.tsx',
    code: 'export const Probe = () => <p>Save changes</p>;\n',
  },
  jsxProp: {
    filePath: 'src/features/admin/lint-probe.tsx',
    code: 'export const Probe = () => <input aria-label="Search tickets" placeholder="Subject" />;\n',
  },
  jsxTranslated: {
    filePath: 'src/features/admin/lint-probe.tsx',
    code: [
      "import { FormattedMessage } from 'react-intl';",
      'export const Probe = () => (',
      '  <p data-testid="probe">',
      '    <FormattedMessage id="admin.probe" defaultMessage="Save changes" />',
      '  </p>',
      ');',
      '',
    ].join('\n'),
  },
  legal: {
    filePath: 'src/features/admin/lint-probe.ts',
    code: [
      "import type { Backend } from '@/backend/port/backend';",
      "import { isStaff } from '@/domain/roles';",
      "import { api } from '@/lib/store/api';",
      "import { StatusPage } from '@/components/status-page';",
      'export const probe: [typeof api, typeof isStaff, typeof StatusPage, Backend | null] = [api, isStaff, StatusPage, null];',
      '',
    ].join('\n'),
  },
} as const;
type ProbeName = keyof typeof PROBES;

const CYCLE_FILES = ['value-a.ts', 'value-b.ts', 'type-a.ts', 'type-b.ts'].map((name) =>
  path.join(ROOT, 'test/fixtures/lint/cycle', name),
);

let texts: Record<ProbeName, LintMessage[]>;
let files: Record<string, LintMessage[]>;

beforeAll(() => {
  const names = Object.keys(PROBES) as ProbeName[];
  const run = spawnSync(process.execPath, [path.join(ROOT, 'test/fixtures/lint/lint-probes.mjs')], {
    cwd: ROOT,
    input: JSON.stringify({ texts: names.map((name) => PROBES[name]), files: CYCLE_FILES }),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`lint-probes failed: ${run.stderr}`);
  const output = JSON.parse(run.stdout) as { texts: LintResult[]; files: LintResult[] };
  texts = Object.fromEntries(names.map((name, index) => [name, output.texts[index]?.messages ?? []])) as Record<
    ProbeName,
    LintMessage[]
  >;
  files = Object.fromEntries(output.files.map((result) => [path.basename(result.filePath), result.messages]));
}, 60_000);

/** The rules that reported, in alphabetical order. */
const rules = (messages: readonly LintMessage[]) => messages.map((message) => message.ruleId).sort();

describe('lint enforces one-way dependencies (DESIGN §5)', () => {
  it('fails an upward import: domain → backend, backend → lib, a feature → app, shared lib → a feature', () => {
    for (const name of [
      'domainImportsBackend',
      'backendImportsLib',
      'featureImportsApp',
      'libImportsFeature',
    ] as const) {
      expect({ name, rules: rules(texts[name]) }).toEqual({ name, rules: ['import-x/no-restricted-paths'] });
    }
    expect(texts.featureImportsApp[0]?.message).toMatch(/Features never import src\/app/);
  });

  it('keeps the domain pure: no React', () => {
    expect(rules(texts.domainImportsReact)).toEqual(['no-restricted-imports']);
  });

  it('fails a cross-feature import, and one between the screen-level ticket sub-domains', () => {
    expect(rules(texts.crossFeature)).toEqual(['import-x/no-restricted-paths', 'no-restricted-imports']);
    expect(texts.crossFeature.map((message) => message.message)).toEqual(
      Array(2).fill(expect.stringMatching(/Features never import each other/)),
    );
    expect(rules(texts.crossSubdomain)).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails an adapter imported by a feature or shared code, and Firebase outside its adapter', () => {
    expect(rules(texts.featureImportsAdapter)).toEqual(['import-x/no-restricted-paths']);
    expect(texts.featureImportsAdapter[0]?.message).toMatch(/never an adapter/);
    expect(rules(texts.componentImportsFirebaseAdapter)).toEqual([
      'import-x/no-restricted-paths',
      'no-restricted-imports',
    ]);
    expect(rules(texts.featureImportsFirebase)).toEqual(['no-restricted-imports']);
  });

  it('keeps the two adapters apart: local never imports firebase, firebase never imports local', () => {
    // The local side also meets the rule that keeps Firebase imports inside its adapter.
    expect(rules(texts.localAdapterImportsFirebaseAdapter)).toEqual([
      'import-x/no-restricted-paths',
      'no-restricted-imports',
    ]);
    expect(
      texts.localAdapterImportsFirebaseAdapter.find((message) => message.ruleId === 'import-x/no-restricted-paths')
        ?.message,
    ).toMatch(/The local adapter never imports the Firebase adapter/);
    expect(rules(texts.firebaseAdapterImportsLocalAdapter)).toEqual(['import-x/no-restricted-paths']);
    expect(texts.firebaseAdapterImportsLocalAdapter[0]?.message).toMatch(
      /The Firebase adapter never imports the local adapter/,
    );
    expect(texts.adapterImportsShared).toEqual([]);
  });

  it('lets only src/domain/plans/add-message.ts plan a message: planReply elsewhere fails', () => {
    for (const name of ['adapterPlansReply', 'functionPlansReply', 'reExportedPlanReply'] as const) {
      expect({ name, rules: rules(texts[name]) }).toEqual({ name, rules: ['no-restricted-syntax'] });
      expect(texts[name][0]?.message).toMatch(/Add a message through addMessageThrough/);
    }
    expect(texts.addMessageModulePlansReply).toEqual([]);
    expect(texts.adapterUsesReplyHelpers).toEqual([]);
  });

  it('fails an import cycle, of values and of types only', () => {
    for (const name of ['value-a.ts', 'value-b.ts']) {
      expect(rules(files[name] ?? [])).toEqual(['import-x/no-cycle', 'local/no-import-cycle']);
    }
    for (const name of ['type-a.ts', 'type-b.ts']) expect(rules(files[name] ?? [])).toEqual(['local/no-import-cycle']);
    expect(files['type-a.ts']?.[0]?.message).toBe(
      'Import cycle (type imports count): test/fixtures/lint/cycle/type-a.ts → test/fixtures/lint/cycle/type-b.ts → test/fixtures/lint/cycle/type-a.ts.',
    );
  });

  it('fails text people read written straight into JSX, or in a prop people read (DESIGN §8)', () => {
    expect(rules(texts.jsxText)).toEqual(['formatjs/no-literal-string-in-jsx']);
    expect(rules(texts.jsxProp)).toEqual(['formatjs/no-literal-string-in-jsx', 'formatjs/no-literal-string-in-jsx']);
    expect(texts.jsxTranslated).toEqual([]);
  });

  it('passes a legal import: a feature using the port, the domain, lib and shared components', () => {
    expect(texts.legal).toEqual([]);
  });
});
