/**
 * One Jest configuration, five projects:
 * - unit:   libs and web units; the api-client's specs and the web's server tests that talk to the
 *           API start the real one in-process through '@realty/test-api' (api/test/listening-api.ts:
 *           own database and Redis prefix), so those need PostgreSQL/Redis too
 * - api:    NestJS API against a real PostgreSQL/Redis (each file makes its own database)
 * - worker: BullMQ worker against real Redis/PostgreSQL
 * - e2e:    Playwright (Debian Chromium) against a started stack (see e2e/global-setup.js)
 * - bench:  the benchmark harness (bench/): its rules, its load tool, and one whole run at a
 *           small scale; run on its own after the others (it starts its own stack and loads it)
 * NestJS 12 ships ES modules, so node_modules/@nestjs is transformed too (DESIGN "Version facts").
 */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)sx?$': swc },
  // sanitize-html's parser (htmlparser2 and its dom* helpers) and remix-utils ship ES modules too;
  // pptxgenjs 4 loads node:fs with a dynamic import(), which Jest's CommonJS sandbox refuses.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|@fastify|fastify-plugin|light-my-request|cookie|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities|remix-utils|archiver|is-stream|zip-stream|compress-commons|crc32-stream|pptxgenjs)/)',
  ],
  moduleNameMapper: {
    '^@realty/(contracts|db|seed|jobs|i18n|api-client|testkit)$': '<rootDir>/libs/$1/src',
    '^@realty/(contracts|i18n|api-client)/(.+)$': '<rootDir>/libs/$1/src/$2',
    '^~/(.*)$': '<rootDir>/web/app/$1',
    // The real API for the web's server tests (declared in web/app/test-api.d.ts).
    '^@realty/test-api$': '<rootDir>/api/test/listening-api.ts',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};

module.exports = {
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/libs/**/src/**/*.spec.ts', '<rootDir>/web/app/**/*.test.ts'] },
    { ...common, displayName: 'api', testMatch: ['<rootDir>/api/**/*.spec.ts', '<rootDir>/api/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'worker', testMatch: ['<rootDir>/worker/**/*.spec.ts'] },
    { ...common, displayName: 'bench', testMatch: ['<rootDir>/bench/test/**/*.spec.ts'] },
    {
      ...common,
      displayName: 'e2e',
      setupFilesAfterEnv: ['<rootDir>/e2e/support/setup.ts'],
      testMatch: ['<rootDir>/e2e/**/*.e2e.ts'],
      globalSetup: '<rootDir>/e2e/global-setup.js',
      globalTeardown: '<rootDir>/e2e/global-teardown.js',
    },
  ],
};
