// The URL rule of webhook endpoints as the API applies it: https on 443 resolving to public
// addresses (loopback only under WEBHOOK_ALLOW_LOOPBACK=1); a refusal is a 400 on `url`.
import { env } from "@/lib/infra/env";
import { validateWebhookUrl, type HostResolver } from "@/lib/infra/delivery/webhook-url";
import { validationError } from "@/lib/core/common/api-error";

/** Returns the URL as given when it passes; throws VALIDATION_FAILED with field `url` otherwise. */
export async function checkWebhookUrl(raw: string, resolve?: HostResolver): Promise<string> {
  const result = await validateWebhookUrl(raw, {
    allowLoopback: env().WEBHOOK_ALLOW_LOOPBACK,
    ...(resolve ? { resolve } : {}),
  });
  if (!result.ok) throw validationError("url", result.message.endsWith(".") ? result.message : `${result.message}.`);
  return raw;
}
