// The admin CLI's side of the loopback admin endpoint: finding the running app's
// endpoint in DATA_DIR/admin.json and sending it one command.
import fs from "node:fs";
import { adminFilePath, type AdminEndpoint } from "@/lib/runtime/admin/admin-server";
import { AdminInputError } from "@/lib/runtime/admin/run-admin-command";

export class AdminEndpointError extends Error {}

/** The published endpoint, or null when the file is missing or unreadable. */
export function readAdminEndpoint(dataDir?: string): AdminEndpoint | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(adminFilePath(dataDir), "utf8")) as Partial<AdminEndpoint>;
    if (typeof parsed.port !== "number" || typeof parsed.token !== "string" || typeof parsed.pid !== "number")
      return null;
    return { port: parsed.port, token: parsed.token, pid: parsed.pid };
  } catch {
    return null;
  }
}

type Answer = { ok: true; result: object } | { ok: false; error: { code: string; message: string; field?: string } };

/** Runs one command in the app; input problems come back as AdminInputError. */
export async function sendAdminCommand(endpoint: AdminEndpoint, argv: string[], timeoutMs = 60_000): Promise<object> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${endpoint.port}/`, {
      method: "POST",
      headers: { authorization: `Bearer ${endpoint.token}`, "content-type": "application/json" },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    throw new AdminEndpointError(
      `Cannot reach the running app's admin endpoint on 127.0.0.1:${endpoint.port}: ${(err as Error).message}`,
    );
  }
  let answer: Answer;
  try {
    answer = (await res.json()) as Answer;
  } catch {
    throw new AdminEndpointError(`The admin endpoint answered ${res.status} without JSON.`);
  }
  if (answer.ok) return answer.result;
  if (res.status === 400) throw new AdminInputError(answer.error.code, answer.error.message, answer.error.field);
  throw new AdminEndpointError(`The admin endpoint answered ${res.status}: ${answer.error?.message ?? "no message"}`);
}
