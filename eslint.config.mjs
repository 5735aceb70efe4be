import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { readdirSync } from 'node:fs';

/**
 * The layers of src/, lowest first (docs/architecture.md). A layer may import the layers before it and
 * never those after it; extension.ts, which wires them together, may import any.
 */
const LAYERS = [
  'core',
  'api',
  'validation',
  'models',
  'logging',
  'auth',
  'loaders',
  'writes',
  'state',
  'ui',
  'views',
  // What the extension does on this machine (files under ~/.ssh, ssh processes, local ports), without VS Code.
  'machine',
  'agentTools',
  // VS Code's chat: the areas' models offered to it (a chat provider), on top of the layers a command would use.
  'chat',
  'documents',
  // What a command asks and resolves before it runs: its subject from a row or from the user, the offers it picks
  // from, the editor parts it prepares.
  'prompts',
  'commands',
  'areas',
];

/** Layers that run outside VS Code too (unit tests, benchmarks, the emulator's tools). */
const WITHOUT_VSCODE = [
  'src/core/**/*.ts',
  'src/api/**/*.ts',
  'src/validation/**/*.ts',
  'src/models/**/*.ts',
  'src/loaders/**/*.ts',
  'src/writes/**/*.ts',
  'src/views/presentation/**/*.ts',
  'src/views/*/presentation/**/*.ts',
  'src/machine/**/*.ts',
  'src/agentTools/**/*.ts',
];

/**
 * The areas, each a folder in every layer that holds its code (api/gpu/, views/gpu/, commands/gpu/…), named by
 * the folders of src/areas/: a new area is a new folder there, and this list follows. A file in one area's folder
 * imports no other area's folder, in any layer.
 */
const AREAS = readdirSync(new URL('./src/areas/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/**
 * The files that list the areas, a line per area: the only shared files (outside every area's folders) that import
 * an area's folder. Everything else the areas share takes what an area adds through registration.
 */
const SHARED_REGISTRIES = ['src/extension.ts', 'src/api/gcoreClient.ts', 'src/agentTools/index.ts'];

/**
 * Files of layers that use VS Code elsewhere which the unit tests load in plain Node: the command machinery,
 * the prompt port and what is built on it (the prompts that use VS Code are in ui/vscode/), the redaction
 * and failure messages (the output channel is logger.ts), the tree's node kinds, its sections and the kit they
 * are built with (views/kit/: VS Code's view is a port it is handed), the task tracking and the kinds of change
 * it follows.
 */
const PLAIN_NODE_FILES = {
  logging: { files: ['src/logging/**/*.ts'], ignores: ['src/logging/logger.ts'] },
  ui: { files: ['src/ui/**/*.ts'], ignores: ['src/ui/vscode/**'] },
  views: {
    files: [
      'src/views/**/*Nodes.ts',
      'src/views/kit/**/*.ts',
      'src/views/*/*Section.ts',
      'src/views/*/*Rows.ts',
      'src/views/taskTracking.ts',
      'src/views/changeKinds.ts',
      'src/views/*/*ChangeKind.ts',
    ],
    ignores: [],
  },
  commands: { files: ['src/commands/flow/**/*.ts'], ignores: [] },
};

const vscodeBan = { name: 'vscode', message: 'This layer must not depend on VS Code.' };

/** The import patterns that keep `layer` below the layers after it. */
function higherLayerPatterns(layer) {
  const higher = LAYERS.slice(LAYERS.indexOf(layer) + 1);
  return higher.length === 0
    ? []
    : [{ regex: `^(\\.\\./)+(${higher.join('|')})(/|$)`, message: `src/${layer} must not import a higher layer (${higher.join(', ')}).` }];
}

/** What `who` (code the MCP server runs) must not import of the layers below: those that use VS Code, and the output channel. */
function mcpServerPatterns(who) {
  return [
    {
      regex: '^(\\.\\./)+(auth|state|ui)(/|$)',
      message: `${who} run in the MCP server too: they must not import a layer that uses VS Code.`,
    },
    { regex: '^(\\.\\./)+logging/logger$', message: `${who} run in the MCP server too: the output channel is VS Code's.` },
  ];
}

function layerRules(layer) {
  const patterns = higherLayerPatterns(layer);
  const files = [`src/${layer}/**/*.ts`];
  const vscodeFree = WITHOUT_VSCODE.some((glob) => glob.startsWith(`src/${layer}/**`));
  return {
    files,
    rules: { 'no-restricted-imports': ['error', { paths: vscodeFree ? [vscodeBan] : [], patterns }] },
  };
}

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      curly: ['error', 'multi-line'],
      'no-restricted-imports': 'off',
    },
  },
  {
    // The first Intl object in an extension host initialises ICU (about 5 to 20 ms): made when a module loads,
    // it lands on activation. Presentation makes its formatters on first use (views/presentation/lazy.ts).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['Program > VariableDeclaration', 'Program > ExportNamedDeclaration > VariableDeclaration'].map((declaration) => ({
          selector: `${declaration} > VariableDeclarator > NewExpression[callee.object.name="Intl"]`,
          message: 'An Intl object made when the module loads costs activation its ICU start-up: make it on first use (lazy()).',
        })),
      ],
    },
  },
  ...LAYERS.map((layer) => layerRules(layer)),
  // Each entry replaces its layer's rule for these files, so it repeats the layer order.
  ...Object.entries(PLAIN_NODE_FILES).map(([layer, { files, ignores }]) => ({
    files,
    ignores,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, message: 'This file runs in plain Node too (its unit tests load it): it must not depend on VS Code.' }],
          patterns: higherLayerPatterns(layer),
        },
      ],
    },
  })),
  {
    // Pure presentation: API objects in, rows out, tested in plain Node. This entry replaces the views
    // layer's rule for these files, so it repeats the layer order and adds its own bans.
    files: ['src/views/presentation/**/*.ts', 'src/views/*/presentation/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [vscodeBan],
          patterns: [...higherLayerPatterns('views'), { regex: '^(\\.\\./)+ui(/|$)', message: 'Presentation must not import prompts.' }],
        },
      ],
    },
  },
  {
    // What a change sends, shared by the commands and the agent tools, runs in the MCP server too: of the layers
    // below it, only those that run without VS Code. This entry replaces the writes layer's rule, so it repeats the layer order.
    files: ['src/writes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, message: 'The writes run in the MCP server too: they must not depend on VS Code.' }],
          patterns: [...higherLayerPatterns('writes'), ...mcpServerPatterns('The writes')],
        },
      ],
    },
  },
  {
    // The agent tools run in VS Code and in the MCP server, where there is none: of the layers below them, only
    // those that run without VS Code. This entry replaces the agentTools layer's rule, so it repeats the layer order.
    files: ['src/agentTools/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, message: 'The tools run in the MCP server too: they must not depend on VS Code.' }],
          patterns: [
            ...higherLayerPatterns('agentTools'),
            ...mcpServerPatterns('The tools'),
            {
              regex: '^(\\.\\./)+views/(?!([a-z]+/)?presentation/)',
              message: 'The tools may import only the pure presentation of views/.',
            },
          ],
        },
      ],
    },
  },
  // The area rule is the typescript-eslint twin of no-restricted-imports, so that no layer entry replaces it.
  ...AREAS.map((area) => {
    const others = AREAS.filter((other) => other !== area);
    return {
      files: [`src/**/${area}/**/*.ts`],
      rules: {
        '@typescript-eslint/no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `^(\\.\\./)+(.+/)?(${others.join('|')})(/|$)`,
                message: `A file of the ${area} area imports no other area's folder (${others.join(', ')}): share through the layer's own files.`,
              },
            ],
          },
        ],
      },
    };
  }),
  {
    // What the areas share knows none of them: it takes what an area adds through registration. The twin of
    // the area rule above, which holds the area folders these files leave out.
    files: ['src/**/*.ts'],
    ignores: [...AREAS.map((area) => `src/**/${area}/**`), ...SHARED_REGISTRIES],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\./|(\\.\\./)+)(.+/)?(${AREAS.join('|')})(/|$)`,
              message: `A shared file imports no area's folder (${AREAS.join(', ')}): the area registers what it adds.`,
            },
          ],
        },
      ],
    },
  },
  {
    // The MCP server's entry: on top of the layers as extension.ts is, but in plain Node.
    files: ['src/mcpServer.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ ...vscodeBan, message: 'The MCP server runs in plain Node: it must not depend on VS Code.' }],
          patterns: [
            {
              regex: '^\\./(auth|state|ui|views|documents|prompts|commands|areas|extension|localization)(/|$)',
              message: 'The MCP server runs in plain Node: it must not import a layer that uses VS Code.',
            },
            { regex: '^\\./logging/logger$', message: "The MCP server runs in plain Node: the output channel is VS Code's." },
          ],
        },
      ],
    },
  },
  // dist/extension.js, which loads the extension with V8's code cache: anything it imports of the extension
  // would be bundled into it and compiled at every start, outside the cache. Its types are free.
  ...[
    ['src/extensionStart.ts', '^\\./(?!startup/)'],
    ['src/startup/**/*.ts', '^\\.\\./'],
  ].map(([file, regex]) => ({
    files: [file],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex,
              allowTypeImports: true,
              message: "The start-up loader is compiled at every start: it imports only src/startup/ (and the extension's types).",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
