// The import rule of ARCHITECTURE.md as an allow-list, checked by `npm run lint` (and so by
// CI) over every file type the app has (.ts, .tsx, .mjs) and every kind of import (static,
// dynamic `import()`, `import type`, re-exports), by the resolved path, so `@/` and `../`
// imports count alike. An import that no `allowed` rule matches fails, as does a cycle, an
// import of test support from production code, a package not declared in package.json,
// and an import that does not resolve. test/ops/lint-rules.test.ts proves each rule on
// fixtures in test/lint-fixtures.
/** Packages and Node's own modules: any tier may use them (declared ones only, see below). */
const PACKAGES = { dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "core"] };
const PRISMA_CLIENT = "^generated/prisma/";
const TESTS = "(^test/|^e2e/|^examples/|[.]test[.]tsx?$|^[^/]+[.]config[.][cm]?[jt]s$|^sdk/scripts/)";
/** A platform's own folder: lib/infra/connectors/<platform>/ (http/ is the connectors' shared client). */
const PLATFORM_FOLDER = "^lib/infra/connectors/(?!http/)([^/]+)/";
/** The registries, the one way the rest of the app reaches a platform's folder. */
const PLATFORM_REGISTRIES = "^lib/infra/connectors/(registry|site-registry|platforms)[.]ts$";

/**
 * lib/core's folders in layers, bottom first (ARCHITECTURE.md, "lib/core's layers"): a folder
 * imports its own files and folders on lower lines, never one on its own line or above, so
 * no two folders can import each other through any chain (no folder cycle). A folder not
 * listed here fails "layer-placed" until it is given a line.
 */
const CORE_LAYERS = [
  ["domain", "common"],
  ["auth", "audit", "catalog", "instance", "intake"],
  ["events", "request-records", "api-keys"],
  ["agencies"],
  ["emails"],
  ["users", "removal-receipts"],
  ["team"],
  ["sso", "usage", "clients"],
  ["webhooks"],
  ["notifications"],
  ["accounts", "access-alerts"],
  ["client-access"],
  ["reactions"],
  ["requests"],
  ["forwards"],
  ["grants"],
  ["access-checks"],
  ["invitations", "removal-links"],
];
/** lib/infra's folders the same way; "." is the files at lib/infra's top (env.ts, log.ts...). */
const INFRA_LAYERS = [
  ["."],
  ["secrets", "db", "dns", "email", "i18n", "rate-limit", "delivery"],
  ["connectors"],
  ["sso"],
];
/**
 * Inside lib/infra/connectors: the files that read the registry of platforms, which a
 * platform's own folder (below them) must not import.
 */
const CONNECTOR_REGISTRY_READERS =
  "^lib/infra/connectors/(platforms|registry|site-registry|oauth-answers|get-connector|platform-settings|platform-setup|verify-credentials)[.]ts$";

/** The path of a layered folder's files ("." is the root's own files). */
const folderPath = (root, names) => {
  const plain = names.filter((n) => n !== ".");
  const parts = [];
  if (plain.length) parts.push(`^${root}/(${plain.join("|")})/`);
  if (names.includes(".")) parts.push(`^${root}/[^/]+$`);
  return parts;
};

/** One rule per layered folder: it imports nothing on its own line or above, apart from its own files. */
function layerRules(name, root, layers) {
  return layers.flatMap((layer, i) =>
    layer.map((folder) => ({
      name,
      severity: "error",
      comment: `${root}'s folders import only folders on a lower line of its layers (ARCHITECTURE.md): ${root}/${folder} imports none of ${layers
        .slice(i)
        .flat()
        .filter((f) => f !== folder)
        .join(", ")}.`,
      from: { path: folderPath(root, [folder]), pathNot: TESTS },
      to: { path: folderPath(root, layers.slice(i).flat()), pathNot: folderPath(root, [folder]) },
    })),
  );
}

module.exports = {
  forbidden: [
    ...layerRules("core-layers", "lib/core", CORE_LAYERS),
    ...layerRules("infra-layers", "lib/infra", INFRA_LAYERS),
    {
      name: "layer-placed",
      severity: "error",
      comment:
        "Every folder of lib/core and lib/infra has a line in the layers above (a file at lib/core's top has none).",
      from: {
        path: "^lib/(core|infra)/",
        pathNot: [
          TESTS,
          ...folderPath("lib/core", CORE_LAYERS.flat()),
          ...folderPath("lib/infra", INFRA_LAYERS.flat()),
        ],
      },
      to: {},
    },
    {
      name: "platform-below-registries",
      severity: "error",
      comment:
        "A platform's folder sits below the files that read the registry of platforms (platforms.ts, registry.ts, oauth-answers.ts...): what it needs from them is passed in or lives in its manifest.",
      from: { path: PLATFORM_FOLDER, pathNot: TESTS },
      to: { path: CONNECTOR_REGISTRY_READERS },
    },
    {
      name: "events-through-reactions",
      severity: "error",
      comment:
        "The core records events through lib/core/reactions/record-and-react.ts, which runs each event's follow-ups; recordEvent alone would skip them.",
      from: { pathNot: [TESTS, "^lib/core/reactions/", "^scripts/bench-"] },
      to: { path: "^lib/core/events/record-event[.]ts$" },
    },
    {
      name: "no-cycle",
      severity: "error",
      comment: "Imports form no cycle (dynamic and type-only imports included).",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-test-support-in-production",
      severity: "error",
      comment: "test/ holds fakes and fixtures; production code never imports it.",
      from: { pathNot: TESTS },
      to: { path: "^test/" },
    },
    {
      name: "platform-through-registry",
      severity: "error",
      comment:
        "A platform's folder is reached only through the registries (lib/infra/connectors/platforms.ts, registry.ts, site-registry.ts): the rest of the app reads platforms from them.",
      from: { pathNot: [TESTS, PLATFORM_REGISTRIES, "^lib/infra/connectors/(?!http/)[^/]+/"] },
      to: { path: PLATFORM_FOLDER },
    },
    {
      name: "platform-stays-in-its-folder",
      severity: "error",
      comment: "One platform's folder does not import another's: what platforms share lives beside the registry.",
      from: { path: PLATFORM_FOLDER, pathNot: TESTS },
      to: { path: "^lib/infra/connectors/(?!http/)[^/]+/", pathNot: "^lib/infra/connectors/$1/" },
    },
    {
      name: "no-undeclared-package",
      severity: "error",
      comment: "Every package imported is declared in package.json.",
      from: {},
      to: { dependencyTypes: ["npm-no-pkg", "npm-unknown"] },
    },
    {
      name: "no-unresolvable",
      severity: "error",
      comment: "Every import resolves.",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  allowedSeverity: "error",
  allowed: [
    { comment: "packages and Node's modules", from: {}, to: PACKAGES },
    {
      comment: "lib/core/domain is pure: itself only",
      from: { path: "^lib/core/domain/" },
      to: { path: "^lib/core/domain/" },
    },
    {
      comment: "lib/core: core and infra",
      from: { path: "^lib/core/(?!domain/)" },
      to: { path: ["^lib/core/", "^lib/infra/", PRISMA_CLIENT] },
    },
    {
      comment: "lib/infra: the bottom tier, itself only",
      from: { path: "^lib/infra/" },
      to: { path: ["^lib/infra/", PRISMA_CLIENT] },
    },
    {
      comment: "a surface: itself, the shared http surface, core and infra; never another surface",
      from: { path: "^lib/surfaces/([^/]+)/" },
      to: { path: ["^lib/surfaces/$1/", "^lib/surfaces/http/", "^lib/core/", "^lib/infra/", PRISMA_CLIENT] },
    },
    {
      comment: "lib/runtime: every lib tier, never app/ or components/",
      from: { path: "^lib/runtime/" },
      to: { path: ["^lib/", PRISMA_CLIENT] },
    },
    {
      comment: "components: components and lib/surfaces, core, infra",
      from: { path: "^components/" },
      to: { path: ["^components/", "^lib/(surfaces|core|infra)/"] },
    },
    {
      comment: "app/ and the Next.js entry files: app, components and every lib tier",
      from: { path: "^(app/|proxy[.]ts$|instrumentation[.]ts$)" },
      to: { path: ["^app/", "^components/", "^lib/", "^public/"] },
    },
    {
      comment: "scripts: entry points over lib and the SDK's generator",
      from: { path: "^scripts/" },
      to: { path: ["^scripts/", "^lib/", "^sdk/", PRISMA_CLIENT, "^prisma/"] },
    },
    { comment: "the SDK is its own package", from: { path: "^sdk/src/" }, to: { path: "^sdk/src/" } },
    {
      comment: "the n8n node package is its own package: never the app's code",
      from: { path: "^integrations/n8n/" },
      to: { path: "^integrations/n8n/" },
    },
    {
      comment: "prisma.config.ts and the generated client",
      from: { path: "^(prisma|generated)/" },
      to: { path: ["^generated/", "^prisma/"] },
    },
    {
      comment: "tests, test support, e2e, examples and config files may import anything",
      from: { path: TESTS },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules", "^generated/"] },
    // integrations/n8n/eslint.config.mjs is n8n's default file (n8n-node lint insists on it); its one import,
    // @n8n/node-cli/eslint, names a types file the package does not ship, so it cannot resolve here
    exclude: {
      path: [
        "^[.]next/",
        "^sdk/dist/",
        "^integrations/n8n/dist/",
        "^integrations/n8n/eslint[.]config[.]mjs$",
        "^sdk/src/generated/",
        "^test/lint-fixtures/",
      ],
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    moduleSystems: ["es6", "cjs"],
    combinedDependencies: true,
  },
};
