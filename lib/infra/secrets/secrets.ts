// The app's secrets: APP_SECRET (signing: sessions, OAuth state) and ENCRYPTION_KEY
// (webhook secrets at rest). When unset, they are generated once and kept in
// DATA_DIR/secrets.json (mode 0600); in production with PostgreSQL they must be set.
import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env, EnvError } from "@/lib/infra/env";
import { globalSingleton } from "@/lib/infra/global-singleton";

interface Secrets {
  appSecret: string;
  encryptionKey: Buffer;
}

export function loadSecrets(): Secrets {
  return globalSingleton("secrets", readSecrets);
}

// Throws (and stores nothing) when a required secret is missing.
function readSecrets(): Secrets {
  const e = env();
  let appSecret = e.APP_SECRET ?? e.NEXTAUTH_SECRET;
  let keyHex = e.ENCRYPTION_KEY;
  if (!appSecret || !keyHex) {
    if (e.NODE_ENV === "production" && e.databaseMode === "postgres") {
      throw new EnvError(
        `Invalid environment variable ${!appSecret ? "APP_SECRET" : "ENCRYPTION_KEY"}: required in production with DATABASE_URL`,
      );
    }
    const file = path.resolve(e.DATA_DIR, "secrets.json");
    let stored: { appSecret?: string; encryptionKey?: string } = {};
    try {
      stored = JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      /* first start */
    }
    if (!stored.appSecret || !stored.encryptionKey) {
      stored = {
        appSecret: stored.appSecret ?? crypto.randomBytes(32).toString("base64url"),
        encryptionKey: stored.encryptionKey ?? crypto.randomBytes(32).toString("hex"),
      };
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    }
    appSecret ??= stored.appSecret;
    keyHex ??= stored.encryptionKey;
  }
  return { appSecret: appSecret!, encryptionKey: Buffer.from(keyHex!, "hex") };
}

export function appSecret(): string {
  return loadSecrets().appSecret;
}
