/**
 * Jest in ESM mode (NestJS 12 is ESM-only) with @swc/jest emitting decorator metadata.
 * Run through `node --experimental-vm-modules node_modules/jest/bin/jest.js` (see scripts/test.mjs).
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: false },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2023',
      keepClassNames: true,
    },
    module: { type: 'es6' },
    sourceMaps: 'inline',
  },
];

const common = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@ironclad/contracts$': '<rootDir>/../packages/contracts/src/index.ts',
    // the back end's package entry points (backend/package.json "exports")
    '^@ironclad/backend/platform$': '<rootDir>/../backend/src/platform/index.ts',
    '^@ironclad/backend/jobs$': '<rootDir>/../backend/src/app/job-modules.ts',
    '^@ironclad/backend/api$': '<rootDir>/../backend/src/app/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  projects: [
    { ...common, displayName: 'contracts', rootDir: 'packages/contracts', testMatch: ['<rootDir>/src/**/*.test.ts'] },
    // The lint configuration's architecture boundaries, shown to fail on imports that break them.
    { ...common, displayName: 'lint', rootDir: 'packages/eslint-config', testMatch: ['<rootDir>/test/**/*.test.ts'] },
    // Front-end checks that run in Node (source rules, pure functions); the browser is Playwright's.
    { ...common, displayName: 'frontend', rootDir: 'frontend', testMatch: ['<rootDir>/src/**/*.test.ts'] },
    {
      ...common,
      displayName: 'backend',
      rootDir: 'backend',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
    },
    {
      ...common,
      displayName: 'worker',
      rootDir: 'worker',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      globalSetup: '<rootDir>/../backend/test/support/global-setup.mjs',
      globalTeardown: '<rootDir>/../backend/test/support/global-teardown.mjs',
    },
  ],
  testTimeout: 30000,
};
