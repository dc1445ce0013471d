// @ts-check
import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const { workspaces } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
// What only tests and the web build run: they may import devDependencies (their workspace's and the root's).
const TEST_AND_BUILD_FILES = ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts', '**/decider-spec.ts', 'web/vite.config.ts', 'web/build/**'];
const WEB_IMPORTS_ONLY_CONTRACTS = 'The web app imports only @wh/contracts of the server side.';
const DOMAIN_KNOWS_NO_FEATURE = 'A shared decider (domain) imports no feature: the features that create styles and locations use it.';
const PLATFORM_KNOWS_NO_FEATURE = 'Shared machinery (platform, lib, components) imports no feature: a feature hands it what it needs.';

// One zone per feature folder: a file in features/<name> may import from features/ only what is under <name>. The
// folders are read from disk, so a new feature is fenced in as soon as it exists.
function featureZones(featuresDir) {
  return readdirSync(`${root}/${featuresDir}`, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `./${featuresDir}/${name}`,
      from: `./${featuresDir}`,
      except: [`./${name}`],
      message: 'A feature does not import another feature: shared types live in contracts, shared machinery in platform (server) or components and lib (web).',
    }));
}

export default defineConfig(
  globalIgnores(['**/dist/', '.data/', 'bench/out/', 'test-results/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // The rules below judge only imports they can resolve: one they cannot is an error, not a pass.
      'import-x/no-unresolved': 'error',
      // The @wh/* workspaces resolve to their sources, so a circle through another workspace is found too.
      'import-x/no-cycle': ['error', { ignoreExternal: false }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones('services/command/src/features'),
            ...featureZones('web/src/features'),
            // Resolved paths: this fences off @wh/db as well as '../../services/...'.
            { target: './web', from: '.', except: ['./web', './contracts', './node_modules'], message: WEB_IMPORTS_ONLY_CONTRACTS },
            // Shared code below the features knows none of them; only the app (routes, live keys) composes them.
            // A platform test may drive the machinery with a feature's real planner.
            { target: './services/command/src/platform/!(*.test).ts', from: './services/command/src/features', message: PLATFORM_KNOWS_NO_FEATURE },
            // The deciders features share (styles, locations) know none of the features that use them.
            { target: './services/command/src/domain', from: './services/command/src/features', message: DOMAIN_KNOWS_NO_FEATURE },
            { target: ['./web/src/lib', './web/src/components'], from: './web/src/features', message: PLATFORM_KNOWS_NO_FEATURE },
            // Imports flow shared -> features -> app: the app composes the features (routes, live keys), never the reverse.
            { target: './web/src/features', from: './web/src/app', message: 'A feature does not import the app: the app composes the features.' },
            { target: './contracts', from: '.', except: ['./contracts', './node_modules'], message: 'contracts imports nothing of the other workspaces.' },
          ],
        },
      ],
    },
  },
  // Each workspace's package.json declares the packages it imports, the @wh/* workspaces included (they resolve
  // outside the importing workspace, so the rule counts them as external). Production code imports only the
  // workspace's dependencies.
  workspaces.map((/** @type {string} */ workspace) => ({
    files: [`${workspace}/**`],
    rules: {
      'import-x/no-extraneous-dependencies': [
        'error',
        { packageDir: [`${root}/${workspace}`, root], devDependencies: TEST_AND_BUILD_FILES.map((glob) => `${root}/${glob}`) },
      ],
    },
  })),
  // The web's components follow the rules of hooks and name what their effects depend on; its markup stays accessible.
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    plugins: { ...jsxA11y.flatConfigs.recommended.plugins, 'react-hooks': reactHooks },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A react-aria component's autoFocus is its focus scope's first stop (a dialog's safe choice, the sign-in field).
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Small pieces: a web function stays under 80 lines and a component file under 120; a longer one splits into
  // components (shared page state in a reducer or atoms).
  {
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    // A test file's describe blocks are groups of cases, not functions to split.
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines': ['error', { max: 120, skipBlankLines: true, skipComments: true }] },
  },
  // The web app reaches contracts by its package name, never by a relative path into another workspace.
  {
    files: ['web/**'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: globals.node },
  },
  // Test support stays out of what ships: an event type registered by a test, or a test database, would let the
  // service pass its tests and fail in production.
  {
    files: ['contracts/src/**', 'db/src/**', 'services/*/src/**', 'scripts/**', 'web/src/**'],
    ignores: [...TEST_AND_BUILD_FILES, 'services/*/src/resilience/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@wh/*/testing', '**/testing.ts'], message: 'Test support is for tests only.' }],
          paths: [{ name: '@wh/contracts', importNames: ['addEventTypes'], message: 'Event types come from EVENT_FAMILIES; tests register theirs with registerTestEvents.' }],
        },
      ],
    },
  },
  // A test reads answers whose shape it asserts, so its client types bodies as `any`.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
