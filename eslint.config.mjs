// ESLint flat config: typescript-eslint (type-aware where it matters), React hooks rules, and
// the dependency rules of DESIGN §5 ("Dependencies point one way, enforced by lint").
//
// The layers, from the bottom; each may import only the layers listed for it:
//   src/domain      pure rules and types: other domain modules only; no React, Redux, Firebase, Dexie.
//   src/config      build-time configuration: domain only.
//   src/backend     the port and its adapters: domain and config. Only src/backend/firebase imports firebase/*.
//                   The two adapters never import each other (src/backend/local ↔ src/backend/firebase):
//                   what both need lives in src/backend/shared or src/domain.
//   src/lib,        shared helpers and components: domain, config, the port (src/backend/port/) and each
//   src/components  other; never an adapter (src/backend/local, src/backend/firebase), a feature or src/app.
//   src/features/*  domain, config, the port, lib, components; never src/app, an adapter or another feature.
//                   Inside features/tickets: api/, components/, ticket-labels.ts and ticket-events.ts are
//                   shared by its sub-domains and import none of them; conversation/ and canned-replies/ are
//                   used by the screen-level sub-domains queue/, workspace/ and requests/, which never import
//                   each other (conversation/ may use canned-replies/, not the other way round).
//   src/app         the composition root (store, listeners, persistence, routes): may import everything.
// No import cycles, type-only imports included (import-x/no-cycle skips those; eslint/no-import-cycle.mjs
// does not). test/unit/eslint.config.test.ts proves each kind of violation fails.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';
import formatjs from 'eslint-plugin-formatjs';
import local from './eslint/no-import-cycle.mjs';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const FIREBASE_ONLY_IN_ADAPTER = {
  group: ['firebase', 'firebase/*', '@firebase/*'],
  message: 'Only src/backend/firebase imports Firebase (DESIGN §5).',
};

/** What the pure layers (domain, config) never import: UI, state, storage or backend libraries. */
const NOT_PURE = {
  group: [
    'react',
    'react-*',
    'react/*',
    'antd',
    'antd/*',
    '@ant-design/*',
    '@reduxjs/*',
    'redux-persist',
    'redux-persist/*',
    'dexie',
    'firebase',
    'firebase/*',
    '@firebase/*',
  ],
  message: 'src/domain and src/config are pure: no React, antd, Redux, Dexie or Firebase (DESIGN §5).',
};

const UPPER_FOR_SHARED = ['src/app', 'src/features'];
const TICKETS = 'src/features/tickets';
const SCREEN_SUBDOMAINS = ['queue', 'workspace', 'requests'];

/** A zone: files under `target` must not import from `from`, with the reason. */
const zone = (target, from, message, except) => ({ target, from, message, ...(except && { except }) });

const LAYER_ZONES = [
  zone(
    'src/domain',
    ['src/config', 'src/backend', 'src/lib', 'src/components', 'src/features', 'src/app'],
    'src/domain imports nothing of ours but other domain modules (DESIGN §5).',
  ),
  zone(
    'src/config',
    ['src/backend', 'src/lib', 'src/components', 'src/features', 'src/app'],
    'src/config imports only src/domain (DESIGN §5).',
  ),
  zone(
    'src/backend',
    ['src/lib', 'src/components', 'src/features', 'src/app'],
    'src/backend imports only src/domain and src/config (DESIGN §5).',
  ),
  zone(
    'src/backend/local',
    'src/backend/firebase',
    'The local adapter never imports the Firebase adapter: share through src/backend/shared or src/domain (DESIGN §5).',
  ),
  zone(
    'src/backend/firebase',
    'src/backend/local',
    'The Firebase adapter never imports the local adapter: share through src/backend/shared or src/domain (DESIGN §5).',
  ),
  zone(
    ['src/lib', 'src/components'],
    UPPER_FOR_SHARED,
    'Shared code (src/lib, src/components) never imports a feature or src/app (DESIGN §5).',
  ),
  zone(
    ['src/lib', 'src/components', 'src/features'],
    'src/backend',
    'Only the port (src/backend/port/) is visible above src/backend, never an adapter: the app picks it (DESIGN §5).',
    ['./port'],
  ),
  zone(
    'src/features',
    'src/app',
    'Features never import src/app: move what they share down to src/lib, src/components, src/config or src/domain; src/app registers and composes (DESIGN §5).',
  ),
  ...features.map((feature) =>
    zone(
      `src/features/${feature}`,
      features.filter((other) => other !== feature).map((other) => `src/features/${other}`),
      'Features never import each other (DESIGN §5); move shared code down to src/components, src/lib or src/domain.',
    ),
  ),
  ...SCREEN_SUBDOMAINS.map((subdomain) =>
    zone(
      `${TICKETS}/${subdomain}`,
      SCREEN_SUBDOMAINS.filter((other) => other !== subdomain).map((other) => `${TICKETS}/${other}`),
      'The queue, the workspace and the requests never import each other: share through tickets/api, tickets/components, the conversation or a ticket event.',
    ),
  ),
  zone(
    [`${TICKETS}/conversation`, `${TICKETS}/canned-replies`],
    SCREEN_SUBDOMAINS.map((subdomain) => `${TICKETS}/${subdomain}`),
    'The conversation and canned replies are used by the screens, never the other way round.',
  ),
  zone(
    `${TICKETS}/canned-replies`,
    `${TICKETS}/conversation`,
    'Canned replies are used by the conversation, not the other way round.',
  ),
  zone(
    [`${TICKETS}/api`, `${TICKETS}/components`, `${TICKETS}/ticket-labels.ts`, `${TICKETS}/ticket-events.ts`],
    [...SCREEN_SUBDOMAINS, 'conversation', 'canned-replies'].map((subdomain) => `${TICKETS}/${subdomain}`),
    'Shared tickets code (api/, components/, ticket-labels.ts, ticket-events.ts) imports no sub-domain.',
  ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'functions/lib/**',
      // Deliberate violations, linted only by test/unit/eslint.config.test.ts.
      'test/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/fixtures/lint/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, local },
    settings: {
      // import-x's TypeScript settings (which files it parses, and how), with the resolver that
      // knows the `@/` alias from tsconfig.json.
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'local/no-import-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/backend/firebase/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [FIREBASE_ONLY_IN_ADAPTER] }] },
  },
  {
    // One way to add a message (DESIGN §5): only src/domain/plans/add-message.ts plans one, and every
    // writer goes through its `addMessageThrough`. The demo seed plays its history in memory, before
    // any database exists, and takes the plan directly. test/unit/eslint.config.test.ts shows the rule.
    files: [
      'src/**/*.{ts,tsx}',
      'functions/src/**/*.ts',
      'scripts/**/*.{ts,mts,mjs}',
      'test/fixtures/lint/**/*.{ts,tsx}',
    ],
    // A macro's reply and note are planned with its other actions, as one write (src/domain/plans/macro.ts).
    ignores: [
      'src/domain/plans/add-message.ts',
      'src/domain/plans/reply.ts',
      'src/domain/plans/macro.ts',
      'src/backend/local/seed/history.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'ImportSpecifier[imported.name="planReply"]',
          'ExportSpecifier[local.name="planReply"]',
          'MemberExpression[property.name="planReply"]',
        ].map((selector) => ({
          selector,
          message:
            'Add a message through addMessageThrough (src/domain/plans/add-message.ts), the only module that calls planReply (DESIGN §5).',
        })),
      ],
    },
  },
  {
    files: ['src/domain/**/*.ts', 'src/config/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_PURE] }] },
  },
  ...features.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            FIREBASE_ONLY_IN_ADAPTER,
            {
              group: features.filter((other) => other !== feature).map((other) => `@/features/${other}/*`),
              message:
                'Features never import each other (STYLE); move shared code down to src/components, src/lib or src/domain.',
            },
          ],
        },
      ],
    },
  })),
  {
    // The Cloud Functions share only the pure domain with the app (DESIGN §4 trusted code).
    files: ['functions/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@/|(\\.\\./)+src/)(?!domain/)',
              message: 'Cloud Functions import only src/domain from the app (DESIGN §4): no adapters, no UI.',
            },
            { group: ['firebase', 'firebase/*'], message: 'Trusted code uses firebase-admin, not the client SDK.' },
          ],
        },
      ],
    },
  },
  {
    // DESIGN §8: what people read comes from the message catalogues. Text written straight into
    // JSX, or a literal string in a prop people read, fails the lint; test/unit/eslint.config.test.ts
    // shows it does.
    files: ['src/**/*.tsx', 'test/fixtures/lint/**/*.tsx'],
    plugins: { formatjs },
    rules: {
      'formatjs/no-literal-string-in-jsx': [
        'error',
        {
          props: {
            include: [
              [
                '*',
                '{label,title,placeholder,alt,aria-label,aria-description,aria-roledescription,tooltip,message,description,okText,cancelText,tip,help,extra,emptyText,addonBefore,addonAfter,subTitle,checkedChildren,unCheckedChildren}',
              ],
            ],
          },
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'webpack.config.ts', 'e2e/**', 'test/**', '*.config.*', 'eslint/**'],
    rules: { 'no-console': 'off' },
  },
);
