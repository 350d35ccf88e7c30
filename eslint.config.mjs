// Lint: Next.js, React hooks and TypeScript rules, plus the import rule that keeps the
// tiers honest (ARCHITECTURE.md): imports go app → components → lib/surfaces → lib/core
// → lib/infra, lib/runtime may use any tier, and nothing in production code imports the
// test support in test/.
//
// ARCHITECTURE.md's other rules are here too, each failing `npm run lint` and so CI: no
// `$transaction` outside lib/infra/db/transaction.ts, no `globalThis` cast outside
// lib/infra/global-singleton.ts, no `process.env` outside lib/infra/env.ts, no console
// outside the logger. Tests, test support, e2e, examples, scripts and config files are
// exempt where ARCHITECTURE.md says so. The import direction itself is checked by
// dependency-cruiser (.dependency-cruiser.cjs), which sees dynamic imports and every file
// type; test/ops/lint-rules.test.ts proves each rule on the fixtures in test/lint-fixtures.
//
// The Next.js, React and TypeScript rules come from their own plugins (the same ones
// eslint-config-next bundles) rather than from eslint-config-next, whose import resolver
// needs native binaries the package registry here does not carry, which breaks `npm ci`.
import { defineConfig, globalIgnores } from "eslint/config";
import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import fs from "node:fs";

const UI = ["@/app/*", "@/components/*"];
const SURFACES = ["@/lib/surfaces/*"];
const RUNTIME = ["@/lib/runtime/*"];
const CORE = ["@/lib/core/*"];
const TEST = ["@/test/*"];

// Files exempt from the production-code rules below.
const TESTS_AND_TOOLS = [
  "**/*.test.ts",
  "**/*.test.tsx",
  "test/**",
  "e2e/**",
  "examples/**",
  "sdk/scripts/**",
  "*.config.{ts,mjs,cjs,js}",
];
const PROCESS_ENV = {
  object: "process",
  property: "env",
  message: "Read environment variables through env() in lib/infra/env.ts, which parses and validates each once.",
};
const TRANSACTION = {
  property: "$transaction",
  message:
    "Open transactions with inTransaction() from lib/infra/db/transaction.ts (the project's limits, joining a caller's tx).",
};
// `process` and `console` reached another way than by name, or handed on under another name.
const GLOBAL_DETOURS = (name, message) => [
  { selector: `MemberExpression[object.name='globalThis'][property.name='${name}']`, message },
  { selector: `VariableDeclarator[init.type='Identifier'][init.name='${name}']`, message },
  { selector: `AssignmentExpression[right.type='Identifier'][right.name='${name}']`, message },
  { selector: `CallExpression > Identifier.arguments[name='${name}']`, message },
  { selector: `Property > Identifier.value[name='${name}']`, message },
];
const PROCESS_DETOURS = GLOBAL_DETOURS(
  "process",
  "Read process state through env() in lib/infra/env.ts; do not reach process by another name.",
);
const CONSOLE_DETOURS = GLOBAL_DETOURS(
  "console",
  "Log with log() from lib/infra/log.ts; do not reach console by another name.",
);
const MODULE_RULES = [
  {
    selector: "TSModuleDeclaration[kind='global'] VariableDeclaration",
    message:
      "Keep process-wide state in globalSingleton() from lib/infra/global-singleton.ts, not in a declared global.",
  },
  {
    selector: "ImportExpression[source.type!='Literal']",
    message: "import() takes a string literal, so the tier rule (dependency-cruiser) can see what is imported.",
  },
];
// lib/infra knows nothing of the product's resources: no SQL naming a product table and no
// Prisma delegate of one. The installation's own table (PlatformSetting) is infrastructure.
const PRODUCT_MODELS = [
  ...fs.readFileSync(new URL("prisma/schema.prisma", import.meta.url), "utf8").matchAll(/^model (\w+)/gm),
]
  .map((m) => m[1])
  .filter((name) => name !== "PlatformSetting");
const PRODUCT_TABLE = `"(${PRODUCT_MODELS.join("|")})"`;
const PRODUCT_DELEGATE = `^(${PRODUCT_MODELS.map((n) => n[0].toLowerCase() + n.slice(1)).join("|")})$`;
const INFRA_MESSAGE =
  "lib/infra knows nothing of the product's resources: product tables are read and written in lib/core.";
const INFRA_KNOWS_NO_PRODUCT = [
  { selector: `TemplateElement[value.raw=/${PRODUCT_TABLE}/]`, message: INFRA_MESSAGE },
  { selector: `Literal[value=/${PRODUCT_TABLE}/]`, message: INFRA_MESSAGE },
  {
    selector: `MemberExpression[object.name=/^(db|tx|prisma)$/][property.name=/${PRODUCT_DELEGATE}/]`,
    message: INFRA_MESSAGE,
  },
];
// The client pages' components are server components only: rendered to plain HTML in a route
// handler, a client component is a reference nothing can call (docs/decisions/0006-client-pages-as-html.md).
// What runs in their browser is a script in public/client/ acting on markup.
const CLIENT_PAGES = ["components/client-pages/**/*.{ts,tsx}", "app/(client)/**/*.{ts,tsx}"];
const NO_USE_CLIENT = {
  selector: "ExpressionStatement[directive='use client']",
  message:
    'The client pages\' components are server components: no "use client". Put what runs in the browser in a script in public/client/ that acts on a data- marker.',
};
const GLOBALTHIS_CAST = [
  {
    selector: "TSAsExpression[expression.name='globalThis']",
    message: "Use globalSingleton() from lib/infra/global-singleton.ts instead of casting globalThis.",
  },
  {
    selector: "TSTypeAssertion[expression.name='globalThis']",
    message: "Use globalSingleton() from lib/infra/global-singleton.ts instead of casting globalThis.",
  },
];

/** A `no-restricted-imports` rule that forbids the given tiers, with the reason. */
function forbid(groups, message) {
  return [
    "error",
    {
      patterns: [
        { group: groups, message },
        // any `..` segment: `../x`, `./../x`, `./a/../../x`
        { regex: "(^|/)[.][.](/|$)", message: "Import across folders through the @/ alias, so the tier rule sees it." },
      ],
    },
  ];
}

export default defineConfig([
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y, "@next/next": nextPlugin },
    settings: { react: { version: "19.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "jsx-a11y/alt-text": "warn",
      "jsx-a11y/aria-props": "warn",
      "jsx-a11y/aria-proptypes": "warn",
      "jsx-a11y/aria-unsupported-elements": "warn",
      "jsx-a11y/role-has-required-aria-props": "warn",
      "jsx-a11y/role-supports-aria-props": "warn",
      "react/prop-types": "off",
      "react/display-name": "off",
    },
  },
  globalIgnores([
    ".next/**",
    "generated/**",
    "node_modules/**",
    "next-env.d.ts",
    "sdk/dist/**",
    "sdk/src/generated/**",
    // an n8n community-node package: linted by n8n's own rules with `n8n-node lint`
    // (`npm run lint:n8n`, part of `npm run lint`), whose idioms the type-aware rules below refuse
    "integrations/n8n/**",
    "test-results/**",
    "playwright-report/**",
    "public/vendor/**",
    "test/lint-fixtures/**",
  ]),
  // Type-aware rules: a promise nobody awaits loses its errors; an assertion that changes
  // nothing hides the real type from the reader and outlives the reason it was written.
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-unnecessary-type-assertion": "error",
    },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["lib/core/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(
        ["@/lib/*", ...UI, ...TEST, "!@/lib/core", "@/lib/core/*", "!@/lib/core/domain"],
        "core/domain is pure: it imports nothing but itself.",
      ),
    },
  },
  {
    files: ["lib/core/**/*.ts"],
    ignores: ["lib/core/domain/**", "**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [...UI, ...SURFACES, ...RUNTIME, ...TEST],
        "lib/core may import lib/core and lib/infra only.",
      ),
    },
  },
  {
    files: ["lib/infra/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [...UI, ...SURFACES, ...RUNTIME, ...CORE, ...TEST],
        "lib/infra is the bottom tier: it imports nothing from core, surfaces or runtime.",
      ),
    },
  },
  {
    files: ["lib/surfaces/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(
        [...UI, ...RUNTIME, ...TEST],
        "lib/surfaces may import core and infra, never app/, components/ or runtime.",
      ),
    },
  },
  {
    files: [
      "lib/runtime/**/*.ts",
      "app/**/*.{ts,tsx}",
      "components/**/*.{ts,tsx}",
      "scripts/**/*.ts",
      "instrumentation.ts",
    ],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(TEST, "Test support lives in test/ and is never imported by production code."),
    },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": forbid(
        ["@/app/*", ...RUNTIME, ...TEST],
        "components/ may import lib/surfaces, lib/core and lib/infra, never app/ or runtime.",
      ),
    },
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: TESTS_AND_TOOLS,
    rules: {
      "no-restricted-properties": ["error", PROCESS_ENV, TRANSACTION],
      "no-restricted-syntax": ["error", ...GLOBALTHIS_CAST, ...PROCESS_DETOURS, ...CONSOLE_DETOURS, ...MODULE_RULES],
      "no-console": "error",
    },
  },
  {
    files: CLIENT_PAGES,
    ignores: TESTS_AND_TOOLS,
    rules: {
      "no-restricted-syntax": [
        "error",
        ...GLOBALTHIS_CAST,
        ...PROCESS_DETOURS,
        ...CONSOLE_DETOURS,
        ...MODULE_RULES,
        NO_USE_CLIENT,
      ],
    },
  },
  {
    files: ["lib/infra/**/*.ts"],
    ignores: TESTS_AND_TOOLS,
    rules: {
      "no-restricted-syntax": [
        "error",
        ...GLOBALTHIS_CAST,
        ...PROCESS_DETOURS,
        ...CONSOLE_DETOURS,
        ...MODULE_RULES,
        ...INFRA_KNOWS_NO_PRODUCT,
      ],
    },
  },
  // The one reader of process.env; instrumentation.ts reads NEXT_RUNTIME and NEXT_PHASE, which
  // Next.js replaces at build time and env() cannot see.
  { files: ["lib/infra/env.ts", "instrumentation.ts"], rules: { "no-restricted-properties": ["error", TRANSACTION] } },
  { files: ["lib/infra/db/transaction.ts"], rules: { "no-restricted-properties": ["error", PROCESS_ENV] } },
  { files: ["lib/infra/global-singleton.ts"], rules: { "no-restricted-syntax": "off" } },
  {
    files: ["lib/infra/env.ts", "instrumentation.ts"],
    rules: { "no-restricted-syntax": ["error", ...GLOBALTHIS_CAST, ...CONSOLE_DETOURS, ...MODULE_RULES] },
  },
  {
    files: ["lib/infra/log.ts"],
    rules: { "no-restricted-syntax": ["error", ...GLOBALTHIS_CAST, ...PROCESS_DETOURS, ...MODULE_RULES] },
  },
  // The Zapier integration is its own package, in CommonJS as Zapier's runtime loads it
  // (integrations/zapier/README.md); the app's tier rules do not reach it, it imports nothing of the app.
  {
    files: ["integrations/zapier/**/*.js"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  // Command-line entry points print to the terminal, read their own variables and may open
  // transactions with their own limits (benchmarks).
  {
    files: ["scripts/**"],
    rules: {
      "no-restricted-properties": "off",
      "no-console": "off",
      // an entry point may load a module chosen at run time (scripts/start.mjs loads the built server)
      "no-restricted-syntax": ["error", ...GLOBALTHIS_CAST],
    },
  },
]);
