// The committed collection and environment are the ones the document generates (else run
// `npm run collection`); the collection holds every operation with its method, path and the
// bearer key, in an order that runs as a flow, with a test on every request; the document and
// the collection list the catalog's services and platforms. (test/process/integrator-kit.postgres.process.test.ts
// runs it with newman against the built app.)
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { listCatalog, listPlatforms } from "@/lib/core/catalog/catalog";
import { publishedDocument } from "@/lib/surfaces/v2/openapi/published-document";
import { postmanCollection, postmanEnvironment } from "@/lib/surfaces/v2/openapi/postman-collection";

const committed = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, "../../../../api-collection", file), "utf8"));

it("api-collection/ holds the collection and environment generated from the current document", () => {
  const generated = postmanCollection(publishedDocument());
  expect(committed("access-requests.postman_collection.json")).toEqual(JSON.parse(JSON.stringify(generated)));
  expect(committed("access-requests.postman_environment.json")).toEqual(postmanEnvironment(publishedDocument()));
  const requests = generated.item.flatMap(
    (f) => f.item as { request: { method: string; url: { raw: string }; header: { key: string }[] } }[],
  );
  const operations = Object.values(publishedDocument().paths ?? {}).flatMap((item) => Object.keys(item as object));
  expect(requests).toHaveLength(operations.length);
  expect(requests.map((r) => `${r.request.method} ${r.request.url.raw}`)).toContain(
    "POST {{baseUrl}}/api/v2/requests/:id/cancel",
  );
  const create = requests.find((r) => r.request.method === "POST" && r.request.url.raw.endsWith("/api/v2/clients"))!;
  expect(create.request.header.map((h) => h.key)).toEqual(["Authorization", "Idempotency-Key", "Content-Type"]);
});

it("the document, and the collection from it, list every service and platform of the catalog", () => {
  const doc = publishedDocument();
  const schemas = doc.components!.schemas! as Record<string, { enum?: string[]; properties?: object }>;
  expect(schemas.ServiceId!.enum).toEqual(listCatalog().map((s) => s.id));
  expect(schemas.PlatformId!.enum).toEqual(listPlatforms().map((p) => p.id));
  expect(schemas.CatalogService!.properties).toMatchObject({
    id: { $ref: "#/components/schemas/ServiceId" },
    platform: { $ref: "#/components/schemas/PlatformId" },
  });
  const listServices = postmanCollection(doc)
    .item.flatMap((f) => f.item as { name: string; request: { description?: string } }[])
    .find((r) => r.name === "List the catalog of services and roles")!;
  for (const s of listCatalog()) expect(listServices.request.description).toContain(`\`${s.id}\``);
  expect(listServices.request.description).toContain("- HubSpot: `hubspot_portal`");
  expect(listServices.request.description).toContain("- Wix: `wix_site`");
});

it("runs as a flow: creates before the requests that use their ids, deletes last, a test on every request", () => {
  type Entry = {
    name: string;
    event: { listen: string; script: { exec: string[] } }[];
    request: {
      method: string;
      url: { raw: string; variable: { key: string; value: string }[] };
      body?: { raw: string };
    };
  };
  const requests = postmanCollection(publishedDocument()).item.flatMap((f) => f.item as Entry[]);
  const at = (method: string, raw: string) =>
    requests.findIndex((r) => r.request.method === method && r.request.url.raw === `{{baseUrl}}/api/v2${raw}`);
  const script = (i: number) => requests[i]!.event.find((e) => e.listen === "test")!.script.exec.join("\n");

  for (const [create, variable, resource] of [
    ["/clients", "clientId", "/clients/:id"],
    ["/requests", "requestId", "/requests/:id"],
    ["/webhooks", "webhookId", "/webhooks/:id"],
  ] as const) {
    const made = at("POST", create);
    expect(script(made)).toContain(`pm.collectionVariables.set("${variable}", body.data.id);`);
    const users = requests
      .map((r, i) => ({ r, i }))
      .filter(({ r }) => r.request.url.raw.includes(`/api/v2${resource}`));
    expect(users.length).toBeGreaterThan(0);
    for (const { r, i } of users) {
      expect(i, r.name).toBeGreaterThan(made);
      expect(r.request.url.variable).toEqual([expect.objectContaining({ key: "id", value: `{{${variable}}}` })]);
    }
  }
  // the request is made from an account and a service the catalog's answers chose
  expect(at("GET", "/accounts")).toBeLessThan(at("GET", "/services"));
  expect(at("GET", "/services")).toBeLessThan(at("POST", "/requests"));
  expect(requests[at("POST", "/requests")]!.request.body!.raw).toContain('"requestedServices": {{requestedServices}}');
  expect(at("DELETE", "/webhooks/:id")).toBeGreaterThan(at("GET", "/webhooks/:id/deliveries"));

  for (let i = 0; i < requests.length; i++) {
    expect(script(i), requests[i]!.name).toMatch(
      /pm\.test\("status 2\d\d", \(\) => pm\.response\.to\.have\.status\(2\d\d\)\);/,
    );
    expect(script(i).match(/pm\.test\(/g)!.length, requests[i]!.name).toBeGreaterThanOrEqual(2);
  }
  expect(script(at("POST", "/clients"))).toContain("pm.response.to.have.status(201)");
  expect(script(at("GET", "/requests/:id"))).toContain(
    'pm.expect(body.data.id).to.eql(pm.collectionVariables.get("requestId"))',
  );
});
