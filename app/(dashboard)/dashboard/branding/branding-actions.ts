"use server";
// Branding page action (Manager and above): name, accent colour and logo from one form.
// The logo arrives as a file in FormData and is checked by its bytes in lib/.
import { z } from "zod";
import { updateBranding } from "@/lib/core/agencies/update-branding";
import { dashboardAction } from "@/lib/surfaces/dashboard/dashboard-action";

function text(form: FormData, key: string): string | undefined {
  const v = form.get(key);
  return typeof v === "string" ? v : undefined;
}

export const updateBrandingAction = dashboardAction(
  "branding:write",
  z.instanceof(FormData),
  async (form, ctx) => {
    const file = form.get("logo");
    const logo =
      text(form, "removeLogo") === "1"
        ? null
        : file instanceof File && file.size > 0
          ? new Uint8Array(await file.arrayBuffer())
          : undefined;
    const useDefault = text(form, "defaultColor") === "1";
    return updateBranding({
      agencyId: ctx.agencyId,
      input: { name: text(form, "name"), accentColor: useDefault ? null : text(form, "accentColor") },
      logo,
    });
  },
  "branding.updated",
);
