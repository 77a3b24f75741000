// One lint configuration for the whole repository (issue 2: one lint command for all).
// Issue 20 adds: the react-hooks rules, the import boundaries that encode the layering
// (docs/decisions/033-layers-and-boundaries.md), no fixed sleeps in tests, and Prettier's
// formatting (checked by `npm run lint`, written by `npm run format`).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

const TESTS = ['**/*.spec.ts', '**/*.test.ts', '**/*.e2e-spec.ts', '**/*.e2e.ts', 'e2e/**', '**/test/**', 'bench/**'];

/** Imports a layer must not make: `names` are packages, `groups` are path patterns. */
const forbid = (message, { names = [], groups = [] }) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: names.map((name) => ({ name, message })),
      patterns: groups.length ? [{ group: groups, message }] : [],
    },
  ],
});

const TEST_ONLY = ['@realty/seed', '@realty/testkit'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', 'data/**', 'coverage/**', '**/*.tsbuildinfo'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        fetch: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
        require: 'readonly',
        module: 'writable',
        window: 'readonly',
        document: 'readonly',
        performance: 'readonly',
        navigator: 'readonly',
        AbortController: 'readonly',
        Headers: 'readonly',
        Response: 'readonly',
        Request: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-require-imports': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['web/app/**/*.tsx', 'web/app/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  // The layers (decision 033). Tests may reach across (a web test starts the real API in-process).
  {
    files: ['web/app/**/*.{ts,tsx}', 'web/*.{mjs,ts}'],
    ignores: TESTS,
    rules: forbid(
      'The web talks to the API over HTTP through @realty/api-client; it never imports the API, the database layer, the seed or the test kit.',
      {
        names: ['@realty/db', '@realty/jobs', ...TEST_ONLY],
        groups: ['**/api/src/**', '**/api/test/**', '**/worker/src/**', '**/libs/*/src/**'],
      },
    ),
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // auth.api.get('/path') / api.request('GET', …): a raw path with a hand-written type.
          selector:
            ':matches(CallExpression[callee.object.name="api"], CallExpression[callee.object.property.name="api"])[callee.property.name=/^(request|get|post|put|patch|delete)$/]',
          message: 'Call the API through a typed method of @realty/api-client (add one there), not a raw path.',
        },
      ],
    },
  },
  {
    files: ['libs/*/src/**/*.ts'],
    ignores: [...TESTS, 'libs/seed/**', 'libs/testkit/**'],
    rules: forbid('A library imports no app (api, web, worker), and production code never imports the seed or the test kit.', {
      names: TEST_ONLY,
      groups: ['**/api/src/**', '**/api/test/**', '**/web/app/**', '~/*', '**/worker/src/**'],
    }),
  },
  {
    files: ['libs/seed/src/**/*.ts', 'libs/testkit/src/**/*.ts'],
    ignores: TESTS,
    rules: forbid('A library imports no app (api, web, worker).', {
      groups: ['**/api/src/**', '**/api/test/**', '**/web/app/**', '~/*', '**/worker/src/**'],
    }),
  },
  {
    files: ['worker/src/**/*.ts'],
    ignores: TESTS,
    rules: forbid('The worker never imports the API (they share libs/ only), the seed or the test kit.', {
      names: TEST_ONLY,
      groups: ['**/api/src/**', '**/api/test/**', '**/web/app/**'],
    }),
  },
  {
    files: ['api/src/**/*.ts'],
    ignores: TESTS,
    rules: forbid('The API never imports the web, the worker, the seed or the test kit.', {
      names: TEST_ONLY,
      groups: ['**/web/app/**', '~/*', '**/worker/src/**'],
    }),
  },
  // Tests wait for a condition (eventually from @realty/testkit, an event, an injected clock),
  // never for a fixed time: a sleep either races the thing it waits for or wastes the time.
  {
    files: TESTS,
    ignores: ['bench/*.mjs', 'bench/lib/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // setTimeout(resolve, 0) yields to the next task; any other delay is a fixed wait.
          selector: 'CallExpression[callee.name="setTimeout"][arguments.0.type="Identifier"][arguments.1.value!=0]',
          message:
            'No fixed sleeps in tests: wait for a condition with eventually() from @realty/testkit, an event, or move an injected clock.',
        },
        {
          selector: 'CallExpression[callee.property.name="waitForTimeout"]',
          message: 'No fixed sleeps in tests: wait for a state (locator.waitFor, page.waitForFunction).',
        },
      ],
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'node:timers/promises', importNames: ['setTimeout'], message: 'No fixed sleeps in tests.' }] },
      ],
    },
  },
  prettier,
);
