import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** Dependencies point one way: server -> shared <- web. */
const layerRule = (forbidden) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ group: forbidden, message: 'Layering: server -> shared <- web' }] },
  ],
});

/**
 * Feature walls: a feature's tables are written by its own repo, and other features ask its
 * service, never its repo (docs/architecture.md). A feature imports no `.repo` outside its folder;
 * the rest of the server imports no feature's repo. Type imports count too: a row type comes from
 * the owner's service or from the drizzle schema.
 */
const repoWall = (regex, message) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: [{ regex, message }] }],
});

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'src/server/db/migrations', 'test-results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from 'x'` still loads x: in the browser that is a module's whole cost.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    // Vitest's asymmetric matchers (expect.any, expect.stringMatching) are typed `any`.
    files: ['**/*.test.ts', '**/*.test.tsx', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
    },
  },
  { files: ['scripts/**/*.mjs'], languageOptions: { globals: { process: 'readonly', console: 'readonly' } } },
  {
    files: ['src/server/git/*.mjs', 'src/server/render-pool/*.mjs'],
    languageOptions: { globals: { process: 'readonly', Buffer: 'readonly' } },
  },
  {
    files: ['src/shared/**'],
    rules: layerRule(['**/server/**', '**/web/**', 'node:*', 'fs', 'child_process']),
  },
  {
    files: ['src/web/**'],
    rules: {
      ...layerRule(['**/server/**', '**/runner/**']),
      // The API contract's zod schemas stay out of the browser's bundle (zod and the schemas it
      // builds cost every page load): the web app takes types from them, and its constants and
      // rules from zod-free modules.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/api/*'],
              allowTypeImports: true,
              message: 'Types only from shared/api; move a value the web needs to a zod-free module.',
            },
          ],
        },
      ],
    },
  },
  {
    // Shared web pieces sit below every feature: components/ and lib/ import none (a piece two
    // features need moves here, so features never serve as each other's library).
    files: ['src/web/components/**', 'src/web/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/runner/**'], message: 'Layering: server -> shared <- web' },
            {
              group: ['**/features/**'],
              message: 'components/ and lib/ import no feature: move what they need here.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/server/**'], rules: layerRule(['**/web/**']) },
  // The runner talks to the server over HTTP only, also when the server starts it.
  { files: ['src/runner/**'], rules: layerRule(['**/server/**', '**/web/**']) },
  {
    files: ['src/server/features/**'],
    rules: repoWall(
      '^\\.\\./.*\\.repo$',
      "Ask the owning feature's service; only a feature's own files import its repo.",
    ),
  },
  {
    files: ['src/server/**'],
    ignores: ['src/server/features/**'],
    rules: repoWall(
      '(^|/)features/[^/]+/[^/]+\\.repo$',
      "Ask the feature's service; only a feature's own files import its repo.",
    ),
  },
  {
    files: ['src/web/**/*.tsx', 'src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
