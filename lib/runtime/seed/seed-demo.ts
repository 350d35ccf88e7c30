// First-start demo data: when the database holds no agency at all, one trial agency with
// a sign-in, sandbox accounts on four platforms, an intake form, an all-scope API key and
// sample clients, requests and webhook deliveries (seed-demo-samples.ts; the dashboard
// removes them with one button), so a fresh install can be tried at once. Everything is created in one transaction;
// the credentials are returned for the caller to print once and are not kept anywhere.
import { PLATFORM_MANIFESTS } from "@/lib/infra/connectors/platforms";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { randomToken } from "@/lib/core/api-keys/api-key-token";
import { API_SCOPES } from "@/lib/core/auth/scopes";
import { getDb } from "@/lib/infra/db/db";
import { env } from "@/lib/infra/env";
import { inTransaction } from "@/lib/infra/db/transaction";
import { ApiError } from "@/lib/core/common/api-error";
import { setIntake } from "@/lib/core/intake/set-intake";
import { createUser } from "@/lib/core/users/create-user";
import { DEMO_USER_EMAIL } from "@/lib/core/instance/instance-admin";
import { MIN_PASSWORD_LENGTH } from "@/lib/core/users/password";
import { seedDemoSamples } from "@/lib/runtime/seed/seed-demo-samples";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";

export const DEMO_EMAIL = DEMO_USER_EMAIL;
export const DEMO_AGENCY_NAME = "Demo Agency";

export interface DemoCredentials {
  agencyId: string;
  email: string;
  password: string;
  apiKey: string;
}

// One per platform whose manifest has a `demoAccount`, in the registry's order.
const DEMO_ACCOUNTS = PLATFORM_MANIFESTS.flatMap((m) =>
  m.demoAccount ? [{ platform: m.id, displayName: `Demo Agency (${m.name})`, ...m.demoAccount }] : [],
);

// in the three languages clients read: a Spanish or Dutch client is asked in their language
export const DEMO_QUESTIONS = [
  {
    label: "What is your company's website?",
    translations: {
      Spanish: { label: "¿Cuál es el sitio web de tu empresa?", options: [] },
      Dutch: { label: "Wat is de website van je bedrijf?", options: [] },
    },
  },
  {
    label: "Who should we contact about billing?",
    translations: {
      Spanish: { label: "¿Con quién hablamos sobre la facturación?", options: [] },
      Dutch: { label: "Met wie nemen we contact op over facturen?", options: [] },
    },
  },
];

function demoPassword(): string {
  // DEMO_PASSWORD lets scripted demos and end-to-end runs know the password in advance.
  const fromEnv = env().DEMO_PASSWORD;
  if (fromEnv) {
    if (fromEnv.length < MIN_PASSWORD_LENGTH)
      throw new Error(`DEMO_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters.`);
    return fromEnv;
  }
  return randomToken(12);
}

/** Seeds the demo agency when no agency exists; null when there was something already. */
export async function seedDemoIfEmpty(): Promise<DemoCredentials | null> {
  const db = await getDb();
  if ((await db.agency.count()) > 0) return null;
  const password = demoPassword();
  try {
    return await inTransaction(
      async (tx) => {
        // checked again inside the transaction: two processes starting on one PostgreSQL
        if ((await tx.agency.count()) > 0) return null;
        const agency = await createAgency({ name: DEMO_AGENCY_NAME, plan: "trial", apiAccess: true, tx });
        const user = await createUser({
          agencyId: agency.id,
          email: DEMO_EMAIL,
          password,
          name: "Demo User",
          role: "owner",
          emailVerified: true,
          tx,
        });
        const accounts = [];
        for (const account of DEMO_ACCOUNTS) {
          // in the sandbox the account carries the sandbox's sign-in token, as one connected
          // from the dashboard does, so "Check now" reads the sample grants back
          const sandbox = platformMode(account.platform) === "sandbox";
          accounts.push(
            await connectAccount({
              agencyId: agency.id,
              ...account,
              email: "ads@demo-agency.example",
              ...(sandbox ? { accessToken: sandboxAgencyToken(account.platform) } : {}),
              tx,
            }),
          );
        }
        await setIntake({ agencyId: agency.id, enabled: true, questions: DEMO_QUESTIONS, tx });
        await seedDemoSamples({ agencyId: agency.id, accounts, tx });
        const key = await createApiKey({ agencyId: agency.id, scopes: [...API_SCOPES], name: "Demo key", tx });
        return { agencyId: agency.id, email: user.email, password, apiKey: key.key };
      },
      { timeout: 30_000 },
    );
  } catch (err) {
    // another process seeded first and its demo user was committed before ours
    if (err instanceof ApiError && err.code === "CONFLICT") return null;
    throw err;
  }
}

/** The one-time console box with the demo sign-in and key, for the caller to log once. */
export function printDemoBanner(info: DemoCredentials, appUrl: string): string {
  const base = appUrl.replace(/\/+$/, "");
  const lines = [
    "Demo agency created (shown once, not stored in clear):",
    "",
    `  Dashboard: ${base}`,
    `  Email:     ${info.email}`,
    `  Password:  ${info.password}`,
    `  API key:   ${info.apiKey}`,
    "",
    "  Try the API:",
    `  curl -H "Authorization: Bearer ${info.apiKey}" ${base}/api/v2/me`,
  ];
  const width = Math.max(...lines.map((l) => l.length));
  return [
    `+${"-".repeat(width + 2)}+`,
    ...lines.map((l) => `| ${l.padEnd(width)} |`),
    `+${"-".repeat(width + 2)}+`,
  ].join("\n");
}
