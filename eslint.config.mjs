import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import clima from './infra/eslint/no-import-cycle.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.runtime/**', '.data/**', 'coverage/**', '**/*.d.ts', '**/*.d.cts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // two modules that import each other (even for a type) are one module in two files: untie them
    files: ['**/*.{ts,tsx,mts,cts}'],
    plugins: { clima },
    rules: { 'clima/no-import-cycle': 'error' },
  },
  {
    files: ['**/*.cjs', '**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web-shell/**/*.{ts,tsx}', 'web-admin/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      // routing comes from @clima/router, the one module federation shares between the two apps
      'no-restricted-imports': ['error', { paths: [{ name: 'react-router', message: "Importe de '@clima/router'." }, { name: 'react-router-dom', message: "Importe de '@clima/router'." }] }],
    },
  },
  {
    // the rules of hooks and complete effect dependencies: both catch real bugs (stale values, hooks
    // called conditionally); the plugin's React Compiler rules are left off, this code base does not use it
    files: ['web-shell/src/**/*.{ts,tsx}', 'web-admin/src/**/*.{ts,tsx}', 'packages/web-kit/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // server code: a promise nobody awaits loses its error (an unhandled rejection ends the process)
    files: ['services/*/src/**/*.ts', 'packages/common/src/**/*.ts', 'packages/storage/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'packages/storage/src/testing/**'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
);
