// The agency's branding as the client pages and emails show it: name, accent colour and
// logo. Logos are checked by their bytes, not the declared type: PNG, JPEG or WebP up to
// 512 KB. SVG is refused because it can carry script that would run on our origin when
// the logo is opened directly.
import { z } from "zod";
import { agencyLogoUrl } from "@/lib/core/agencies/agency-logo-url";
import { MAX_AGENCY_NAME } from "@/lib/core/agencies/create-agency";
import { getDb, type Tx } from "@/lib/infra/db/db";
import { notFound, validationError } from "@/lib/core/common/api-error";

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_MIME_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export type LogoMimeType = (typeof LOGO_MIME_TYPES)[number];

import { UUID } from "@/lib/core/common/uuid";

export const ZAccentColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "Use a colour like #4f46e5.")
  .transform((c) => c.toLowerCase());

export const ZUpdateBrandingBody = z.strictObject({
  name: z
    .string({ error: "Required." })
    .trim()
    .min(1, "Must not be empty.")
    .max(MAX_AGENCY_NAME, `At most ${MAX_AGENCY_NAME} characters.`)
    .optional(),
  /** null goes back to the default colour */
  accentColor: ZAccentColor.nullable().optional(),
});
export type TUpdateBrandingBody = z.infer<typeof ZUpdateBrandingBody>;

export interface Branding {
  agencyId: string;
  name: string;
  accentColor: string | null;
  /** served by the client pages' logo route; the version parameter busts caches on change */
  logoUrl: string | null;
}

/** The image type the bytes actually are, or null when they are none of the accepted ones. */
export function sniffLogoType(bytes: Uint8Array): LogoMimeType | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** Checks an uploaded logo; returns the type to store it under. */
export function checkLogo(bytes: Uint8Array): LogoMimeType {
  if (bytes.length === 0) throw validationError("logo", "The file is empty.");
  if (bytes.length > LOGO_MAX_BYTES)
    throw validationError("logo", `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB.`);
  const type = sniffLogoType(bytes);
  if (!type) throw validationError("logo", "Upload a PNG, JPEG or WebP image (SVG is not accepted).");
  return type;
}

function toBranding(row: {
  id: string;
  name: string;
  accentColor: string | null;
  logoMimeType: string | null;
  updatedAt: Date;
}): Branding {
  return { agencyId: row.id, name: row.name, accentColor: row.accentColor, logoUrl: agencyLogoUrl(row) };
}

const SELECT = { id: true, name: true, accentColor: true, logoMimeType: true, updatedAt: true } as const;

export async function getBranding({ agencyId, tx }: { agencyId: string; tx?: Tx }): Promise<Branding> {
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const db = tx ?? (await getDb());
  const row = await db.agency.findUnique({ where: { id: agencyId }, select: SELECT });
  if (!row) throw notFound("Agency");
  return toBranding(row);
}

export interface UpdateBrandingOptions {
  agencyId: string;
  input: TUpdateBrandingBody;
  /** bytes of a new logo; null removes the logo; undefined keeps it */
  logo?: Uint8Array | null;
  tx?: Tx;
}

export async function updateBranding({ agencyId, input, logo, tx }: UpdateBrandingOptions): Promise<Branding> {
  const parsed = ZUpdateBrandingBody.parse(input);
  const logoType = logo ? checkLogo(logo) : null;
  if (!UUID.test(agencyId)) throw notFound("Agency");
  const db = tx ?? (await getDb());
  const exists = await db.agency.findUnique({ where: { id: agencyId }, select: { id: true } });
  if (!exists) throw notFound("Agency");
  const row = await db.agency.update({
    where: { id: agencyId },
    data: {
      ...(parsed.name !== undefined ? { name: parsed.name } : {}),
      ...(parsed.accentColor !== undefined ? { accentColor: parsed.accentColor } : {}),
      ...(logo === null ? { logoData: null, logoMimeType: null } : {}),
      ...(logo && logoType ? { logoData: new Uint8Array(logo), logoMimeType: logoType } : {}),
    },
    select: SELECT,
  });
  return toBranding(row);
}
