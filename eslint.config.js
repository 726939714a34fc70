import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import layers from './scripts/eslint-layers.js';

export default tseslint.config(
  { ignores: ['dist', 'dist-test', 'dist-*', 'node_modules', 'public', 'test-results', 'playwright-report', 'bench-results', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Which folder of src/ may import which (the table in scripts/eslint-layers.js).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { photobooth: layers },
    rules: { 'photobooth/layers': 'error' },
  },
  {
    files: ['scripts/**/*.{js,mjs}', '*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
