// The New client and Edit client forms (both compact, in dialogs and on the client's page)
// carry Language and Website: a Spanish or Dutch client can be made in the dashboard, and
// saving an edit keeps the client's language instead of sending English back.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ClientForm, toCreateBody, toUpdatePatch, type ClientFormValues } from "@/components/clients/client-form";
import type { TClient } from "@/lib/core/clients/schemas";

const spanish: TClient = {
  id: "5b0c8c52-8a43-4a52-9d5e-6b2a5f0b9a11",
  externalClientId: null,
  name: "Lucía Gómez",
  email: "lucia@panaderia.test",
  company: "Panadería Sol",
  website: "https://panaderia.test",
  language: "Spanish",
  metadata: {},
  isProspect: false,
  createdAt: "2026-11-01T10:00:00.000Z",
  updatedAt: "2026-11-01T10:00:00.000Z",
} as unknown as TClient;

const submit = async () => ({ ok: true as const, data: spanish });

describe("the client forms", () => {
  it("New client (compact) has Language, with Spanish and Dutch, and Website", () => {
    const html = renderToStaticMarkup(createElement(ClientForm, { compact: true, idPrefix: "new-client", submit }));
    expect(html).toMatch(/<select[^>]*name="language"/);
    expect(html).toContain('value="Spanish"');
    expect(html).toContain('value="Dutch"');
    expect(html).toMatch(/<input[^>]*name="website"/);
  });

  it("Edit client (compact) shows the client's language and website, and the patch keeps them", () => {
    const html = renderToStaticMarkup(
      createElement(ClientForm, { compact: true, client: spanish, idPrefix: "edit-client", submit }),
    );
    expect(html).toMatch(/<option value="Spanish" selected="">/);
    expect(html).toContain('value="https://panaderia.test"');
    const values: ClientFormValues = {
      name: "Lucía Gómez",
      email: "lucia@panaderia.test",
      company: "Panadería Sol",
      website: "https://panaderia.test",
      language: "Spanish",
      externalClientId: "",
    };
    expect(toUpdatePatch(values, spanish)).toMatchObject({ language: "Spanish", website: "https://panaderia.test" });
    expect(toCreateBody({ ...values, language: "Dutch" })).toMatchObject({
      language: "Dutch",
      website: "https://panaderia.test",
    });
  });
});

describe("the inline client form inside New request", () => {
  it("is a group, not a form nested in the request's form, and its button does not submit a form", () => {
    const html = renderToStaticMarkup(
      createElement(ClientForm, {
        compact: true,
        nested: true,
        idPrefix: "inline-client",
        submitLabel: "Add client",
        submit,
      }),
    );
    expect(html).not.toContain("<form");
    expect(html).toMatch(/role="group"/);
    expect(html).toMatch(/<button[^>]*type="button"[^>]*>Add client/);
    expect(html).not.toMatch(/type="submit"/);
  });

  it("the request form's client picker uses it nested", async () => {
    const { readFile } = await import("node:fs/promises");
    const source = await readFile("components/requests/client-picker.tsx", "utf8");
    expect(source).toMatch(/<ClientForm[\s\S]*?\bnested\b[\s\S]*?\/>/);
  });
});
