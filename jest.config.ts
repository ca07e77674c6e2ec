import type { Config } from 'jest';

const transform: Config['transform'] = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
  // nanoid ships ES modules only; Jest runs CommonJS, so its files are transpiled like ours.
  '/node_modules/nanoid/.+\\.js$': ['ts-jest', { tsconfig: { allowJs: true, module: 'commonjs' }, diagnostics: false }],
};

const moduleNameMapper: Config['moduleNameMapper'] = {
  '^@backend-adapter$': '<rootDir>/src/backend/local/create-local-backend.ts',
  '^@/(.*)$': '<rootDir>/src/$1',
  // The app imports antd's ES modules one component at a time; Jest runs their CommonJS twins.
  '^antd/es/(.*)$': 'antd/lib/$1',
  '\\.(css|svg|png)$': '<rootDir>/test/jest/file-stub.ts',
};

/** Packages that ship ES modules only and so go through the transform above. */
const transformIgnorePatterns = ['/node_modules/(?!nanoid/)'];

const shared = { transform, transformIgnorePatterns, moduleNameMapper, clearMocks: true };

/**
 * Jest projects: pure code under node, screens under jsdom, the backend contract against the
 * local adapter (fake-indexeddb) and against the Firebase adapter (skips without emulators).
 */
const config: Config = {
  // antd under jsdom is slow to type into, and the Firebase contract talks to emulators.
  testTimeout: 30_000,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
    },
    {
      ...shared,
      displayName: 'screens',
      testEnvironment: '<rootDir>/test/jest/jsdom-environment.ts',
      setupFiles: ['fake-indexeddb/auto'],
      setupFilesAfterEnv: ['<rootDir>/test/jest/setup-dom.ts'],
      testMatch: ['<rootDir>/test/**/*.test.tsx'],
    },
    {
      ...shared,
      displayName: 'contract-local',
      testEnvironment: 'node',
      setupFiles: ['fake-indexeddb/auto'],
      testMatch: ['<rootDir>/test/contract/local-backend.test.ts'],
    },
    {
      ...shared,
      displayName: 'firebase',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/contract/firebase-backend.test.ts'],
    },
    {
      ...shared,
      displayName: 'rules',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/rules/**/*.test.ts'],
      // The Storage rules need the Storage emulator, which runs beside the Firebase contract's
      // (project `storage`).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/rules/storage-rules.test.ts'],
    },
    {
      ...shared,
      displayName: 'storage',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/rules/storage-rules.test.ts', '<rootDir>/test/functions/uploads.test.ts'],
    },
    {
      ...shared,
      displayName: 'functions',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/functions/**/*.test.ts'],
      // Trusted code on Cloud Storage runs in project `storage`, beside the Storage emulator.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/functions/uploads.test.ts'],
    },
  ],
};

export default config;
