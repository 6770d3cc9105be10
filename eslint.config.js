// @ts-check
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// A few rules, each for something the compiler does not see: promises nobody awaits, dead variables,
// the hook rules, the direction of the layers and deterministic workflow code (docs/decisions.md).

/** Nothing below api/ may depend on it. */
const noApi = {
  regex: String.raw`^(#api/|(\.\./)+api/)`,
  message: 'api/ sits on top: services, activities, workflows and domain must not import it.',
};

/** Adapters are the edge: they implement the services' ports (types), and the engine's messages come from workflows/ definitions. */
const adapterImports = {
  patterns: [
    noApi,
    {
      regex: String.raw`^(#(services|activities)/|(\.\./)+(services|activities)/)`,
      allowTypeImports: true,
      message: "Adapters sit below services: import services' ports as types only.",
    },
  ],
};

/** Workflow code is replayed, so it reaches no I/O; activities and services are imported as types only. */
const workflowImports = {
  paths: builtinModules.map((name) => ({ name, message: 'Workflow code must be deterministic: no Node built-ins.' })),
  patterns: [
    noApi,
    { regex: '^node:', message: 'Workflow code must be deterministic: no Node built-ins.' },
    {
      regex: String.raw`^(#(db|adapters|infra)/|(\.\./)+(db|adapters|infra)/)`,
      message: 'Workflow code must be deterministic: no database, adapter or infrastructure imports.',
    },
    {
      regex: String.raw`^(#(activities|services)/|(\.\./)+(activities|services)/)`,
      allowTypeImports: true,
      message: 'Workflows reach activities through proxyActivities: import activities and services as types only.',
    },
  ],
};

export default defineConfig(
  globalIgnores(['dist/', 'data/', 'coverage/', 'test-results/', '.tools/', '.tanstack/', 'web/routeTree.gen.ts']),
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin, 'react-hooks': reactHooks },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['{domain,services,activities}/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noApi] }] },
  },
  {
    files: ['adapters/**/*.ts'],
    ignores: ['adapters/**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', adapterImports] },
  },
  {
    files: ['workflows/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', workflowImports] },
  },
);
