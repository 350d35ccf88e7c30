// Reading a name's DNS TXT records, for proving a domain by a record its owner publishes.
// The resolver is a parameter: tests pass their own (a test never resolves a real name),
// the app uses the system's DNS (or the servers DNS_SERVERS names) with a short timeout. The answer tells "no such record"
// (the name or its TXT records do not exist) from "this installation cannot ask" (no DNS
// server reachable, a refusal, a timeout), since the two call for different advice.
import { Resolver } from "node:dns/promises";
import { env } from "@/lib/infra/env";

/** Resolves `name`'s TXT records: one array of character strings per record, as node:dns answers. */
export type TxtResolver = (name: string) => Promise<string[][]>;

export type TxtLookup = { ok: true; records: string[] } | { ok: false; reason: "none" | "unreachable"; code: string };

const NO_RECORD = new Set(["ENODATA", "ENOTFOUND", "NOTFOUND", "ENONAME"]);

export const systemTxtResolver: TxtResolver = (name) => {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  // the operator's choice of DNS servers (DNS_SERVERS), else the system's
  // (https://nodejs.org/api/dns.html#dnspromisessetserversservers)
  const servers = env().DNS_SERVERS;
  if (servers) resolver.setServers(servers.split(",").map((s) => s.trim()));
  return resolver.resolveTxt(name);
};

export async function lookupTxt(name: string, resolve: TxtResolver = systemTxtResolver): Promise<TxtLookup> {
  try {
    const answer = await resolve(name);
    // a record longer than 255 characters arrives in pieces: they are one value
    return { ok: true, records: answer.map((pieces) => pieces.join("")) };
  } catch (err) {
    const code = typeof (err as { code?: unknown })?.code === "string" ? (err as { code: string }).code : "ERROR";
    return { ok: false, reason: NO_RECORD.has(code) ? "none" : "unreachable", code };
  }
}
