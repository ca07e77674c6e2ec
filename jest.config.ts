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
 * The node projects (and through them each worker, which the screens share): Jest 30's default
 * "soft" globals cleanup wraps a kept global's getter again after every test file, so a worker
 * that runs a few hundred files recurses until "Maximum call stack size exceeded" and fails
 * whichever suite comes next. Off, as Jest 29 behaved; the first environment of a worker sets it.
 */
const node = { ...shared, testEnvironment: 'node', testEnvironmentOptions: { globalsCleanup: 'off' } };

/**
 * Jest projects: pure code under node, screens under jsdom, the backend contract against the
 * local adapter (fake-indexeddb) and against the Firebase adapter (skips without emulators).
 */
const config: Config = {
  // antd under jsdom is slow to type into, and the Firebase contract talks to emulators.
  testTimeout: 30_000,
  projects: [
    {
      ...node,
      displayName: 'unit',
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
      ...node,
      displayName: 'contract-local',
      setupFiles: ['fake-indexeddb/auto'],
      testMatch: ['<rootDir>/test/contract/local-backend.test.ts'],
    },
    {
      ...node,
      displayName: 'firebase',
      testMatch: ['<rootDir>/test/contract/firebase-backend.test.ts'],
    },
    {
      ...node,
      displayName: 'rules',
      testMatch: ['<rootDir>/test/rules/**/*.test.ts'],
      // The Storage rules need the Storage emulator, which runs beside the Firebase contract's
      // (project `storage`).
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/rules/storage-rules.test.ts'],
    },
    {
      ...node,
      displayName: 'storage',
      testMatch: ['<rootDir>/test/rules/storage-rules.test.ts', '<rootDir>/test/functions/uploads.test.ts'],
    },
    {
      ...node,
      displayName: 'functions',
      testMatch: ['<rootDir>/test/functions/**/*.test.ts'],
      // Trusted code on Cloud Storage runs in project `storage`, beside the Storage emulator.
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/functions/uploads.test.ts'],
    },
  ],
};

export default config;
