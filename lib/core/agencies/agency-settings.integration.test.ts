// The dashboard's agency settings against a real database: branding (logo checks by
// bytes), the static link (services checked like a request's, token regeneration) and
// the simulated plan change (allowances follow the plan, API keys re-checked at once).
import { hashToken } from "@/lib/infra/secrets/link-token";
import { describe, expect, it } from "vitest";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { disconnectAccount } from "@/lib/core/accounts/disconnect-account";
import { changePlan } from "@/lib/core/agencies/change-plan";
import { createAgency } from "@/lib/core/agencies/create-agency";
import {
  LOGO_MAX_BYTES,
  checkLogo,
  getBranding,
  sniffLogoType,
  updateBranding,
} from "@/lib/core/agencies/update-branding";
import { getStaticLink, regenerateStaticLinkToken, updateStaticLink } from "@/lib/core/agencies/update-static-link";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { authenticateApiKey } from "@/lib/core/api-keys/authenticate-api-key";
import { getDb } from "@/lib/infra/db/db";
import { PLAN_DEFAULTS } from "@/lib/core/domain/usage";
import { ApiError } from "@/lib/core/common/api-error";
import { ZIntakeQuestionInput } from "@/lib/core/intake/question-schemas";
import { addIntakeQuestion, setIntakeEnabled } from "@/lib/core/intake/questions";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = new Uint8Array([0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function caught(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("logo checks", () => {
  it("recognises PNG, JPEG and WebP by their bytes and nothing else", () => {
    expect(sniffLogoType(PNG)).toBe("image/png");
    expect(sniffLogoType(JPEG)).toBe("image/jpeg");
    expect(sniffLogoType(WEBP)).toBe("image/webp");
    expect(sniffLogoType(SVG)).toBeNull();
    expect(sniffLogoType(new TextEncoder().encode("GIF89a...."))).toBeNull();
    expect(sniffLogoType(new Uint8Array())).toBeNull();
  });

  it("refuses empty, oversized and SVG files, naming the logo field", () => {
    expect(() => checkLogo(new Uint8Array())).toThrow(/empty/);
    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(() => checkLogo(big)).toThrow(/512 KB/);
    const exact = new Uint8Array(LOGO_MAX_BYTES);
    exact.set(PNG);
    expect(checkLogo(exact)).toBe("image/png");
    try {
      checkLogo(SVG);
      expect.unreachable();
    } catch (e) {
      expect((e as ApiError).details[0]!.field).toBe("logo");
    }
  });
});

describe("branding", () => {
  it("updates name, colour and logo, and removes the logo", async () => {
    const agency = await createAgency({ name: "Brand Co" });
    expect(await getBranding({ agencyId: agency.id })).toEqual({
      agencyId: agency.id,
      name: "Brand Co",
      accentColor: null,
      logoUrl: null,
    });

    const b = await updateBranding({
      agencyId: agency.id,
      input: { name: "  Brand & Co ", accentColor: "#AABBCC" },
      logo: WEBP,
    });
    expect(b).toMatchObject({ name: "Brand & Co", accentColor: "#aabbcc" });
    expect(b.logoUrl).toMatch(new RegExp(`^/api/agencies/${agency.id}/logo\\?v=\\d+$`));
    const db = await getDb();
    const row = await db.agency.findUniqueOrThrow({ where: { id: agency.id } });
    expect(row.logoMimeType).toBe("image/webp");
    expect(Buffer.from(row.logoData!).equals(Buffer.from(WEBP))).toBe(true);

    // leaving fields out keeps them
    expect(await updateBranding({ agencyId: agency.id, input: {} })).toEqual(b);
    const cleared = await updateBranding({ agencyId: agency.id, input: { accentColor: null }, logo: null });
    expect(cleared).toMatchObject({ name: "Brand & Co", accentColor: null, logoUrl: null });
  });

  it("refuses a bad colour or name and leaves the row unchanged", async () => {
    const agency = await createAgency({ name: "Strict Co" });
    await expect(updateBranding({ agencyId: agency.id, input: { accentColor: "red" } })).rejects.toThrow();
    await expect(updateBranding({ agencyId: agency.id, input: { name: "" } })).rejects.toThrow();
    expect(
      (await caught(updateBranding({ agencyId: agency.id, input: { name: "New" }, logo: SVG }))).details[0]!.field,
    ).toBe("logo");
    expect((await getBranding({ agencyId: agency.id })).name).toBe("Strict Co");
    expect((await caught(getBranding({ agencyId: "nope" }))).code).toBe("NOT_FOUND");
  });
});

describe("static link", () => {
  it("stores default services checked against the catalog and the agency's accounts", async () => {
    const agency = await createAgency({ name: "Static Co" });
    const meta = await connectAccount({ agencyId: agency.id, platform: "meta" });
    const link = await getStaticLink({ agencyId: agency.id });
    expect(link).toMatchObject({ enabled: true, services: {}, intake: false, intakeFormReady: false });
    expect(link.url).toBe(`${process.env.APP_URL}/l/${link.token}`);

    const updated = await updateStaticLink({
      agencyId: agency.id,
      input: {
        services: {
          meta_ads: {
            accessLevel: "analyst",
            optional: false,
            requestedAccountLinks: [{ internalAccountId: meta.internalAccountId }],
          },
        },
      },
    });
    expect(updated.services).toEqual({
      meta_ads: {
        accessLevel: "analyst",
        optional: false,
        requestedAccountLinks: [{ internalAccountId: meta.internalAccountId }],
      },
    });

    const badRole = await caught(
      updateStaticLink({
        agencyId: agency.id,
        input: { services: { meta_ads: { accessLevel: "owner", optional: false, requestedAccountLinks: [] } } },
      }),
    );
    expect(badRole.details[0]!.field).toBe("services.meta_ads.accessLevel");
    const unknown = await caught(
      updateStaticLink({
        agencyId: agency.id,
        input: { services: { nope: { optional: false, requestedAccountLinks: [] } } },
      }),
    );
    expect(unknown.details[0]!.field).toBe("services.nope");
    await disconnectAccount({ agencyId: agency.id, internalAccountId: meta.internalAccountId });
    const gone = await caught(
      updateStaticLink({
        agencyId: agency.id,
        input: {
          services: {
            meta_ads: {
              accessLevel: "admin",
              optional: false,
              requestedAccountLinks: [{ internalAccountId: meta.internalAccountId }],
            },
          },
        },
      }),
    );
    expect(gone.details[0]!.field).toBe("services.meta_ads.requestedAccountLinks[0].internalAccountId");
    // a failed update changed nothing
    expect((await getStaticLink({ agencyId: agency.id })).services.meta_ads?.accessLevel).toBe("analyst");
  });

  it("needs something to ask for while on, and a ready intake form for the intake toggle", async () => {
    const agency = await createAgency({ name: "Toggle Co" });
    expect((await caught(updateStaticLink({ agencyId: agency.id, input: { enabled: true } }))).details[0]!.field).toBe(
      "services",
    );
    const off = await updateStaticLink({ agencyId: agency.id, input: { enabled: false } });
    expect(off.enabled).toBe(false);
    expect(
      (await caught(updateStaticLink({ agencyId: agency.id, input: { enabled: true, intake: true } }))).details[0]!
        .field,
    ).toBe("intake");

    await addIntakeQuestion({
      agencyId: agency.id,
      input: ZIntakeQuestionInput.parse({ type: "text", label: "Website?" }),
    });
    await setIntakeEnabled({ agencyId: agency.id, enabled: true });
    const on = await updateStaticLink({ agencyId: agency.id, input: { enabled: true, intake: true } });
    expect(on).toMatchObject({ enabled: true, intake: true, intakeFormReady: true, services: {} });
  });

  it("regenerates the token so the old link stops working", async () => {
    const agency = await createAgency({ name: "Rotate Co" });
    const before = await getStaticLink({ agencyId: agency.id });
    const after = await regenerateStaticLinkToken({ agencyId: agency.id });
    expect(after.token).not.toBe(before.token);
    expect(after.token.length).toBeGreaterThanOrEqual(22);
    const db = await getDb();
    expect(await db.agency.count({ where: { staticLinkTokenHash: hashToken(before.token) } })).toBe(0);
    expect(await db.agency.count({ where: { staticLinkTokenHash: hashToken(after.token) } })).toBe(1);
  });
});

describe("plan change", () => {
  it("moves allowances and API access with the plan and re-checks keys at once", async () => {
    const agency = await createAgency({ name: "Plan Co" });
    const key = await createApiKey({ agencyId: agency.id, scopes: ["usage:read"] });
    expect((await authenticateApiKey(key.key))?.entitled).toBe(true);

    const starter = await changePlan({ agencyId: agency.id, input: { plan: "starter", billingPeriod: "yearly" } });
    expect(starter).toMatchObject({
      plan: "starter",
      trial: false,
      trialEndsAt: null,
      apiAccess: false,
      clientLimit: PLAN_DEFAULTS.starter.clientLimit,
    });
    // the cached lookup from before the change is forgotten
    expect((await authenticateApiKey(key.key))?.entitled).toBe(false);
    const db = await getDb();
    expect((await db.agency.findUniqueOrThrow({ where: { id: agency.id } })).billingPeriod).toBe("yearly");

    const unlimited = await changePlan({ agencyId: agency.id, input: { plan: "agency", billingPeriod: "monthly" } });
    expect(unlimited).toMatchObject({ plan: "agency", apiAccess: true, clientLimit: null, prospectLimit: null });
    expect((await authenticateApiKey(key.key))?.entitled).toBe(true);
  });

  it("keeps a running trial but never restarts one", async () => {
    const agency = await createAgency({ name: "Trial Co" });
    const same = await changePlan({ agencyId: agency.id, input: { plan: "trial", billingPeriod: "monthly" } });
    expect(same.trialEndsAt).toBe(agency.trialEndsAt!.toISOString());
    await changePlan({ agencyId: agency.id, input: { plan: "pro", billingPeriod: "monthly" } });
    expect(
      (await caught(changePlan({ agencyId: agency.id, input: { plan: "trial", billingPeriod: "monthly" } })))
        .details[0]!.field,
    ).toBe("plan");
    await expect(
      changePlan({ agencyId: agency.id, input: { plan: "gold" as never, billingPeriod: "monthly" } }),
    ).rejects.toThrow();
  });
});
