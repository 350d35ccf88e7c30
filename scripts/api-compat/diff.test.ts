import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiJson } from "@/lib/surfaces/v2/openapi/openapi-document";
import { breakingChanges, surface } from "@/scripts/api-compat/diff";

type Json = Record<string, unknown>;
const SNAPSHOT = path.join(import.meta.dirname, "openapi-v2.snapshot.json");
const snapshot = () => JSON.parse(fs.readFileSync(SNAPSHOT, "utf8")) as Json;
const current = () => JSON.parse(openApiJson()) as Json;

// A small document in the served document's style: a $ref'd resource, an enum, a list
// with a query parameter, a request body and a webhook.
function doc(): Json {
  return {
    openapi: "3.1.0",
    paths: {
      "/clients": {
        get: {
          parameters: [{ name: "limit", in: "query", required: false, schema: { type: "integer" } }],
          responses: {
            "200": {
              content: {
                "application/json": {
                  schema: {
                    type: "object",
                    properties: { data: { type: "array", items: { $ref: "#/components/schemas/Client" } } },
                  },
                },
              },
            },
            "401": { content: {} },
          },
        },
        post: {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: {
                  type: "object",
                  properties: { name: { type: "string" }, email: { type: "string" } },
                  required: ["name"],
                },
              },
            },
          },
          responses: {
            "201": { content: { "application/json": { schema: { $ref: "#/components/schemas/Client" } } } },
          },
        },
      },
    },
    webhooks: {
      "client.created": {
        post: {
          requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/Client" } } } },
          responses: { "200": {} },
        },
      },
    },
    components: {
      schemas: {
        Client: {
          type: "object",
          properties: {
            id: { type: "string" },
            status: { type: "string", enum: ["active", "archived"] },
            count: { type: "integer" },
            tags: { type: "array", items: { type: "string" } },
          },
          required: ["id", "status"],
        },
      },
    },
  };
}

// the edits reach deep into a plain JSON tree
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function changed(edit: (d: any) => void): string[] {
  const after = doc();
  edit(after);
  return breakingChanges(doc(), after);
}

describe("the API compatibility check", () => {
  it("finds nothing between a document and itself", () => {
    expect(changed(() => {})).toEqual([]);
  });

  it("passes additions: a field, an optional parameter, an enum value, a status code, a path, a webhook", () => {
    expect(
      changed((d) => {
        d.components.schemas.Client.properties.note = { type: "string" };
        d.components.schemas.Client.properties.status.enum.push("paused");
        d.paths["/clients"].get.parameters.push({ name: "q", in: "query", schema: { type: "string" } });
        d.paths["/clients"].get.responses["429"] = { content: {} };
        d.paths["/clients"].post.requestBody.content["application/json"].schema.properties.phone = { type: "string" };
        d.paths["/usage"] = { get: { responses: { "200": {} } } };
        d.webhooks["client.deleted"] = { post: { responses: { "200": {} } } };
      }),
    ).toEqual([]);
  });

  it("fails a removed field, in responses and in webhook payloads alike", () => {
    expect(changed((d) => delete d.components.schemas.Client.properties.status)).toEqual([
      "GET /clients 200 application/json.data[].status: removed",
      "POST /clients 201 application/json.status: removed",
      "WEBHOOK client.created request application/json.status: removed",
    ]);
  });

  it("fails a removed path, method, status code, parameter or enum value", () => {
    expect(changed((d) => delete d.paths["/clients"].post)).toContain("POST /clients: removed");
    expect(changed((d) => delete d.paths["/clients"].get.responses["401"])).toEqual(["GET /clients 401: removed"]);
    expect(changed((d) => (d.paths["/clients"].get.parameters = []))).toEqual(["GET /clients query:limit: removed"]);
    expect(changed((d) => d.components.schemas.Client.properties.status.enum.pop())).toContain(
      'GET /clients 200 application/json.data[].status: enum value "archived" removed',
    );
  });

  it("fails a changed type, a parameter made required and a new required request field", () => {
    expect(changed((d) => (d.components.schemas.Client.properties.count = { type: "string" }))).toContain(
      "GET /clients 200 application/json.data[].count: type integer is now string",
    );
    expect(changed((d) => (d.paths["/clients"].get.parameters[0].required = true))).toEqual([
      "GET /clients query:limit: now required",
    ]);
    expect(
      changed((d) => {
        const body = d.paths["/clients"].post.requestBody.content["application/json"].schema;
        body.properties.phone = { type: "string" };
        body.required.push("phone");
      }),
    ).toEqual(["POST /clients request application/json.phone: added as required"]);
  });

  it("does not count a field required only in one alternative of an anyOf as required of every caller", () => {
    expect(
      changed((d) => {
        const body = d.paths["/clients"].post.requestBody.content["application/json"].schema;
        body.anyOf = [
          { properties: { email: { type: "string", minLength: 3 } }, required: ["email"] },
          { properties: { phone: { type: "string" } }, required: ["phone"] },
        ];
      }),
    ).toEqual([]);
    expect(
      changed((d) => {
        const body = d.paths["/clients"].post.requestBody.content["application/json"].schema;
        body.allOf = [{ properties: { email: { type: "string" } }, required: ["email"] }];
      }),
    ).toEqual(["POST /clients request application/json.email: now required"]);
  });

  it("accepts integer widened to number and a type made nullable", () => {
    expect(changed((d) => (d.components.schemas.Client.properties.count = { type: "number" }))).toEqual([]);
    expect(changed((d) => (d.components.schemas.Client.properties.id = { type: ["string", "null"] }))).toEqual([]);
  });

  it("sees the served document whole: every operation and webhook of the snapshot", () => {
    const entries = [...surface(snapshot()).keys()];
    expect(entries.filter((k) => /^(GET|POST|PATCH|PUT|DELETE) \/[^ ]*$/.test(k)).length).toBeGreaterThan(20);
    expect(entries.some((k) => k.startsWith("WEBHOOK request.created request"))).toBe(true);
  });

  it("the served V2 document keeps everything of the committed snapshot", () => {
    expect(breakingChanges(snapshot(), current())).toEqual([]);
  });
});
