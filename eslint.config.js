import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', '.next/', 'data/', 'next-env.d.ts', 'artifacts/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    // The domain core is pure: no frameworks, no SQL, no HTTP, no clock of its own.
    files: ['lib/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', 'fastify*', '@fastify/*'],
              message: 'domain core must not import HTTP code',
            },
            { group: ['kysely', 'better-sqlite3', 'pg'], message: 'domain core must not import SQL code' },
            {
              group: ['next', 'next/*', 'react', 'react-dom', 'next-auth'],
              message: 'domain core must not import UI code',
            },
            {
              group: ['**/db/**', '**/server/**', '**/jobs/**', '**/cli/**'],
              message: 'domain core stays at the centre',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']",
          message: 'inject a clock',
        },
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'inject a clock' },
      ],
    },
  },
  {
    // The console never touches the database: it talks to the risk API through lib/console-api.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/lib/db/**', '@/lib/db/**', 'kysely', 'better-sqlite3', 'pg'],
              message: 'console goes through lib/console-api',
            },
          ],
        },
      ],
    },
  },
);
