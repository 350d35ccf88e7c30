// Checks the catalog's client-facing words: every service, role label and manual
// step has English, Spanish and Dutch, the English matches the catalog, placeholders
// survive translation, and the helpers render roles and steps.
import { describe, expect, it } from "vitest";
import { listCatalog } from "@/lib/core/catalog/catalog";
import {
  INSTRUCTION_STEPS,
  ROLE_LABELS,
  SERVICE_NAMES,
  instructionSteps,
  roleLabel,
  serviceName,
} from "@/lib/core/catalog/catalog-messages";

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("catalog messages", () => {
  it("names every catalog service in three languages, English as in the catalog", () => {
    for (const s of listCatalog()) {
      const names = SERVICE_NAMES[s.id];
      expect(names, s.id).toBeDefined();
      expect(names[0]).toBe(s.name);
      for (const n of names) expect(n.trim().length).toBeGreaterThan(0);
    }
  });

  it("translates every role label of the catalog", () => {
    const labels = new Set(listCatalog().flatMap((s) => s.roles.map((r) => r.label)));
    for (const label of labels) {
      expect(ROLE_LABELS[label], label).toBeDefined();
      expect(ROLE_LABELS[label]![0]).toBe(label);
    }
  });

  it("translates every manual step, keeping its placeholders", () => {
    for (const s of listCatalog()) {
      s.stepKeys.forEach((key, i) => {
        const step = INSTRUCTION_STEPS[key];
        expect(step, key).toBeDefined();
        expect(step![0]).toBe(s.instructions[i]);
        expect(placeholders(step![1]), key).toEqual(placeholders(step![0]));
        expect(placeholders(step![2]), key).toEqual(placeholders(step![0]));
        expect(step![1]).not.toBe(step![0]);
        expect(step![2]).not.toBe(step![1]);
      });
    }
    const known = new Set(listCatalog().flatMap((s) => s.stepKeys));
    for (const key of Object.keys(INSTRUCTION_STEPS)) expect(known.has(key), key).toBe(true);
  });

  it("renders names, roles and steps in the client's language", () => {
    expect(serviceName("es", "meta_page")).toBe("Página de Facebook");
    expect(serviceName("nl", "shopify_store")).toBe("Shopify-winkel");
    expect(roleLabel("es", "meta_ads", "analyst")).toBe("Analista");
    expect(roleLabel("nl", "google_tag_manager", "[publish, approve]")).toBe("Publiceren, Goedkeuren");
    expect(roleLabel("en", "shopify_store", null)).toBeNull();
    const steps = instructionSteps("es", "shopify_store", "team@agency.test");
    expect(steps).toHaveLength(5);
    expect(steps[2]).toContain("team@agency.test");
    expect(steps[2]).toMatch(/^Haz clic en Añadir personal/);
  });
});
