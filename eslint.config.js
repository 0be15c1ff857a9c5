import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Import direction (DESIGN.md): model <- api <- app/render/workers; model + api <- server.
const forbid = (...folders) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: folders.map((f) => ({
        group: [`**/${f}`, `**/${f}/**`],
        message: `This folder may not import src/${f} (see DESIGN.md import direction).`,
      })),
    },
  ],
});

// I/O only in adapters (issue 14): a service reads and writes files through the FileStore and
// images through adapters/images, so a service test needs no disk and S3 can replace the store.
const servicesRules = {
  'no-restricted-imports': [
    'error',
    {
      paths: ['node:fs', 'node:fs/promises', 'fs', 'fs/promises', 'sharp'].map((name) => ({
        name,
        message: 'Services do no I/O of their own: use the FileStore or an adapter (src/server/adapters).',
      })),
      patterns: forbid('app', 'render', 'workers')['no-restricted-imports'][1].patterns,
    },
  ],
};

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', '.tmp', 'public'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'src/render/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  { files: ['src/model/**'], rules: forbid('api', 'app', 'render', 'workers', 'server') },
  { files: ['src/api/**'], rules: forbid('app', 'render', 'workers', 'server') },
  { files: ['src/app/**'], rules: forbid('server') },
  { files: ['src/render/**', 'src/workers/**'], rules: forbid('app', 'server') },
  { files: ['src/server/**'], rules: forbid('app', 'render', 'workers') },
  { files: ['src/server/services/**'], rules: servicesRules },
);
