import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.cache/**',
      '.data/**',
      'reports/**',
      'scripts/**',
      'out/**',
      '**/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `import type` on its own line (the style guide), never mixed into a value import.
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { prefer: 'type-imports', fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportSpecifier[importKind='type']",
          message: 'Import types with `import type { ... }` on a line of its own.',
        },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Settings are read in one place only: packages/config.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through @qpc/config.' },
      ],
    },
  },
  {
    files: [
      'packages/config/src/**',
      'packages/ferretdb/src/**',
      '**/*.test.ts',
      '**/test/**',
      '**/bench/**',
      'eval/**',
      'catalog-generator/**',
      '**/vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Tests read untyped JSON bodies and poke at internals on purpose.
    files: ['**/*.test.ts', '**/test/**', '**/test-support/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The benchmark and the evaluation are plain Node ESM (`npx eslint bench eval`).
    files: ['bench/**/*.mjs', 'eval/**/*.mjs', 'catalog-generator/**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'process',
          'Buffer',
          'console',
          'fetch',
          'performance',
          'setTimeout',
          'clearTimeout',
          'setInterval',
          'clearInterval',
          'URL',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
