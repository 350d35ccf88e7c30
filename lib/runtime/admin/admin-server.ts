// The loopback endpoint through which the admin CLI reaches a running app that holds the
// embedded database folder (a second opener would silently lose writes). Bound to
// 127.0.0.1 on a free port; the port and a fresh bearer token are written to
// DATA_DIR/admin.json (mode 0600), so only a user who can read the data folder can
// use it. Body: { argv: string[] }; answer: { ok: true, result } or { ok: false, error }.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { AdminInputError, runAdminCommand } from "@/lib/runtime/admin/run-admin-command";
import { randomToken } from "@/lib/core/api-keys/api-key-token";
import { env } from "@/lib/infra/env";
import { log } from "@/lib/infra/log";

export const ADMIN_FILE = "admin.json";
const MAX_BODY_BYTES = 64 * 1024;

export interface AdminEndpoint {
  port: number;
  token: string;
  pid: number;
}

export function adminFilePath(dataDir = env().DATA_DIR): string {
  return path.join(path.resolve(dataDir), ADMIN_FILE);
}

function isLoopback(address: string | undefined): boolean {
  return address === "127.0.0.1" || address === "::1" || address === "::ffff:127.0.0.1";
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  // timingSafeEqual needs equal lengths; the length of a random token is no secret
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

function send(res: http.ServerResponse, status: number, body: object) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(text),
    "cache-control": "no-store",
  });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseArgv(body: string | null): string[] | null {
  if (body === null) return null;
  try {
    const parsed = JSON.parse(body) as { argv?: unknown };
    const argv = parsed?.argv;
    return Array.isArray(argv) && argv.every((a) => typeof a === "string") ? argv : null;
  } catch {
    return null;
  }
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse, token: string) {
  if (!isLoopback(req.socket.remoteAddress)) {
    send(res, 403, { ok: false, error: { code: "FORBIDDEN", message: "Loopback only." } });
    return;
  }
  if (!tokenMatches(req.headers.authorization, token)) {
    send(res, 401, { ok: false, error: { code: "UNAUTHENTICATED", message: "Missing or wrong admin token." } });
    return;
  }
  if (req.method !== "POST" || req.url !== "/") {
    send(res, 400, { ok: false, error: { code: "USAGE", message: "POST / with { argv } only." } });
    return;
  }
  const argv = parseArgv(await readBody(req));
  if (!argv) {
    send(res, 400, { ok: false, error: { code: "USAGE", message: "Body must be JSON { argv: string[] }." } });
    return;
  }
  try {
    send(res, 200, { ok: true, result: await runAdminCommand(argv) });
  } catch (err) {
    if (err instanceof AdminInputError) {
      send(res, 400, { ok: false, error: err.toJSON() });
      return;
    }
    log().error({ err }, "admin: command failed");
    send(res, 500, { ok: false, error: { code: "INTERNAL", message: (err as Error).message } });
  }
}

/** Starts the endpoint and publishes it in DATA_DIR/admin.json; close() removes the file. */
export async function startAdminServer(): Promise<{ close(): Promise<void>; port: number }> {
  const token = randomToken(32);
  const server = http.createServer((req, res) => {
    handle(req, res, token).catch((err) => {
      log().error({ err }, "admin: request failed");
      if (!res.headersSent) send(res, 500, { ok: false, error: { code: "INTERNAL", message: "Request failed." } });
      else res.destroy();
    });
  });
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const file = adminFilePath();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const endpoint: AdminEndpoint = { port, token, pid: process.pid };
  // written under a temporary name with its final mode, so the token is never readable by others
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(endpoint), { mode: 0o600 });
  fs.chmodSync(tmp, 0o600);
  fs.renameSync(tmp, file);

  const removeFile = () => {
    try {
      const current = JSON.parse(fs.readFileSync(file, "utf8")) as AdminEndpoint;
      if (current.pid === process.pid && current.token === token) fs.unlinkSync(file);
    } catch {
      /* already gone or replaced */
    }
  };
  process.once("exit", removeFile);
  return {
    port,
    close: async () => {
      removeFile();
      process.removeListener("exit", removeFile);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
