// Lint: Next.js, React hooks and TypeScript rules, plus the import rule that keeps the
// tiers honest (ARCHITECTURE.md): imports go app → components → lib/surfaces → lib/core
// → lib/infra, lib/runtime may use any tier, and nothing in production code imports the
// test support in test/.
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

const UI = ["@/app/*", "@/components/*"];
const SURFACES = ["@/lib/surfaces/*"];
const RUNTIME = ["@/lib/runtime/*"];
const CORE = ["@/lib/core/*"];
const TEST = ["@/test/*"];

/** A `no-restricted-imports` rule that forbids the given tiers, with the reason. */
function forbid(groups, message) {
  return [
    "error",
    {
      patterns: [
        { group: groups, message },
        { group: ["../*"], message: "Import across folders through the @/ alias, so the tier rule sees it." },
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
    "test-results/**",
    "playwright-report/**",
    "public/vendor/**",
  ]),
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/core/domain/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid(["@/lib/*", ...UI, ...TEST, "!@/lib/core", "@/lib/core/*", "!@/lib/core/domain"], "core/domain is pure: it imports nothing but itself."),
    },
  },
  {
    files: ["lib/core/**/*.ts"],
    ignores: ["lib/core/domain/**", "**/*.test.ts"],
    rules: { "no-restricted-imports": forbid([...UI, ...SURFACES, ...RUNTIME, ...TEST], "lib/core may import lib/core and lib/infra only.") },
  },
  {
    files: ["lib/infra/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": forbid([...UI, ...SURFACES, ...RUNTIME, ...CORE, ...TEST], "lib/infra is the bottom tier: it imports nothing from core, surfaces or runtime."),
    },
  },
  {
    files: ["lib/surfaces/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": forbid([...UI, ...RUNTIME, ...TEST], "lib/surfaces may import core and infra, never app/, components/ or runtime.") },
  },
  {
    files: ["lib/runtime/**/*.ts", "app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "scripts/**/*.ts", "instrumentation.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": forbid(TEST, "Test support lives in test/ and is never imported by production code.") },
  },
  {
    files: ["components/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": forbid(["@/app/*", ...RUNTIME, ...TEST], "components/ may import lib/surfaces, lib/core and lib/infra, never app/ or runtime.") },
  },
]);
