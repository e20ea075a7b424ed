import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import globals from "globals";
import tseslint from "typescript-eslint";
import { readdirSync } from "node:fs";

// One folder per business area (server/features/<area>), each with an index.ts as its only door.
const AREAS = readdirSync(new URL("./server/features", import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

// The layering's import rules, enforced (docs/decisions/009-import-rules-in-lint.md).
// Each zone: files in `target` may not import from `from`.
const importRules = {
  files: ["**/*.{ts,tsx,js,mjs}"],
  plugins: { "import-x": importX },
  settings: {
    // no-cycle parses the imported modules itself: it needs the TypeScript parser for .ts/.tsx.
    "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
    "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
  },
  rules: {
    "import-x/no-cycle": ["error", { ignoreExternal: true }],
    "import-x/no-restricted-paths": [
      "error",
      {
        zones: [
          {
            target: ["app/**/!(*.server).{ts,tsx}"],
            from: ["server/**"],
            message: "app/ reaches server code only from *.server.ts modules (docs/decisions/009-import-rules-in-lint.md).",
          },
          {
            target: ["contract/**"],
            from: ["app/**", "server/**"],
            message: "contract/ is shared by browser and server: it imports neither.",
          },
          {
            target: ["app/lib/**"],
            from: ["app/components/**", "app/routes/**"],
            message: "Imports point one way: app/routes -> app/components -> app/lib.",
          },
          {
            target: ["app/components/**"],
            from: ["app/routes/**"],
            message: "Imports point one way: app/routes -> app/components -> app/lib.",
          },
          {
            target: ["server/platform/**/!(*.test).ts"],
            from: ["server/features/**", "server/api/**", "server/{app,app-env,index,services}.ts"],
            message: "server/platform stands under every area: it imports none of them (docs/architecture.md).",
          },
          {
            // Only an area's routes files speak HTTP; its services, queries and jobs know nothing of it.
            target: ["server/features/**/!(*routes|*.test).ts"],
            from: ["server/api/**", "server/platform/http/**", "server/{app,app-env,index}.ts"],
            message: "Services know nothing of HTTP: only an area's routes files import the HTTP layer.",
          },
          ...AREAS.map((area) => ({
            target: [
              `server/features/!(${area})/**/!(*.test).ts`,
              "server/!(features)/**/!(*.test).ts",
              "server/*.ts",
              "app/**/!(*.test).{ts,tsx}",
            ],
            from: `server/features/${area}`,
            except: ["./index.ts"],
            message: `Other areas and the app reach server/features/${area} only through its index.ts.`,
          })),
          { target: ["server/**"], from: ["app/**"], message: "The server reaches the React Router app only through its build." },
        ],
      },
    ],
  },
};

// Code that may reach the browser gets no Node built-ins (the .server modules and app/server/ may).
const browserSafe = {
  files: ["app/**/*.{ts,tsx}", "contract/**/*.ts"],
  ignores: [
    "app/**/*.server.{ts,tsx}",
    "app/server/**",
    "app/**/*.test.{ts,tsx}",
    "app/entry.server.tsx",
    "app/prerender.ts",
    // The licence-file verifier is the reference for clients with node:crypto alone; no page imports it.
    "contract/licence-file.ts",
  ],
  rules: {
    "no-restricted-imports": [
      "error",
      { patterns: [{ group: ["node:*"], message: "Browser-safe code: Node built-ins belong in a .server module or app/server/." }] },
    ],
  },
};

// One page-action convention (docs/decisions/112-one-action-convention.md): a page action reads its
// form with readForm / readValues (app/lib/form-action.server.ts), which answer a refusal by its
// fields, and maps a domain error with that module's pageFailure, never a route module's copy.
const FORM_DATA_FUNCTION = [
  ":function:has(CallExpression[callee.property.name='formData'])",
  ":function:has(TSTypeReference[typeName.name='FormData'])",
];
const pageActions = {
  files: ["app/routes/**/*.{ts,tsx}"],
  ignores: ["app/**/*.test.{ts,tsx}"],
  rules: {
    "no-restricted-syntax": [
      "error",
      ...FORM_DATA_FUNCTION.map((fn) => ({
        selector: `${fn} CallExpression[callee.property.name='safeParse']`,
        message:
          "A page action reads its form with readForm / readValues (app/lib/form-action.server.ts), inside formAction; not safeParse (decision 112).",
      })),
      {
        selector: "ImportDeclaration:not([source.value=/\\/lib\\/form-action\\.server$/]) ImportSpecifier[imported.name='pageFailure']",
        message: "pageFailure lives in app/lib/form-action.server.ts; a route never borrows another route's module for it (decision 112).",
      },
    ],
  },
};

// Homes for shared types (docs/decisions/113-homes-for-shared-types.md): who makes a change and the
// database handle are declared once, and every area imports them from there.
const sharedTypeHomes = {
  files: ["server/**/*.ts"],
  ignores: ["server/platform/actor.ts", "server/platform/db/client.ts"],
  rules: {
    "no-restricted-syntax": [
      "error",
      {
        selector: "TSTypeAliasDeclaration[id.name=/^(Actor|Db|Executor)$/], TSInterfaceDeclaration[id.name=/^(Actor|Db|Executor)$/]",
        message: "Actor lives in server/platform/actor.ts, Db and Executor in server/platform/db/client.ts: import them (decision 113).",
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ["build/", "build-*/", ".react-router/", "node_modules/", "data/", "test-results/", "playwright-report/", "coverage/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn"] }],
    },
  },
  importRules,
  browserSafe,
  pageActions,
  sharedTypeHomes,
  {
    files: ["scripts/**", "bench/**", "server/cli/**", "tests/**"],
    rules: { "no-console": "off" },
  },
);
