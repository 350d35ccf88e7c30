// The committed collection is the one the document generates (else run `npm run collection`),
// and it holds every operation with its method, path and the bearer key; the document and the
// collection list the catalog's services and platforms.
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { listCatalog, listPlatforms } from "@/lib/core/catalog/catalog";
import { publishedDocument } from "@/lib/surfaces/v2/openapi/published-document";
import { postmanCollection } from "@/lib/surfaces/v2/openapi/postman-collection";

it("api-collection/ holds the collection generated from the current document", () => {
  const committed = JSON.parse(
    fs.readFileSync(
      path.join(import.meta.dirname, "../../../../api-collection/access-requests.postman_collection.json"),
      "utf8",
    ),
  );
  const generated = postmanCollection(publishedDocument());
  expect(committed).toEqual(JSON.parse(JSON.stringify(generated)));
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
