// The webhook URL rule's refusals, as the dashboard's form says them: a sentence for a
// person, and for a local or private address the rule for development (loopback only
// when the server runs with WEBHOOK_ALLOW_LOOPBACK=1). The API keeps its exact wording.

const LOOPBACK_HELP =
  "For local development, run the server with WEBHOOK_ALLOW_LOOPBACK=1: it then accepts http URLs on 127.0.0.1 or localhost (any port); other private addresses are always refused.";

export function webhookUrlMessage(raw: string | undefined): string | undefined {
  if (!raw) return raw;
  const m = raw.toLowerCase();
  if (m.includes("absolute url") || m.includes("must have a host"))
    return "Enter a full URL, such as https://example.com/webhooks/access.";
  if (m.includes("at most")) return raw.replace(/^url/, "The URL");
  if (m.includes("reserved name")) {
    const name = /reserved name (\.[a-z]+)/.exec(m)?.[1] ?? "";
    return `Addresses under ${name} are reserved for examples and tests and never receive webhooks. Enter your receiver's real address.`;
  }
  if (m.includes("user name or password"))
    return "Remove the user name and password from the URL; we sign every delivery instead.";
  if (m.includes("does not resolve"))
    return "We could not find this host. Check the address for typos; it must be reachable on the public internet.";
  if (m.includes("public addresses only") || m.includes("address not allowed")) {
    return `This address is on a private or local network, which we never send webhooks to. ${LOOPBACK_HELP}`;
  }
  if (m.includes("must use https")) return `Use an https:// URL: webhooks are sent only over HTTPS. ${LOOPBACK_HELP}`;
  if (m.includes("port")) return `Use the standard HTTPS port (443): other ports are refused. ${LOOPBACK_HELP}`;
  return raw;
}
