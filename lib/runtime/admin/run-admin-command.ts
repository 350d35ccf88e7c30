// The operator's admin commands (agency, user, key, account, plan, intake): parsing the
// argument list and calling the domain functions. Shared by the CLI, which runs it
// in-process, and the admin server, which runs it inside the app holding the embedded
// database. Every input problem is an AdminInputError naming the flag, raised before
// anything is written.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { connectAccount } from "@/lib/core/accounts/connect-account";
import { platformMode } from "@/lib/infra/connectors/get-connector";
import { sandboxAgencyToken } from "@/lib/infra/connectors/sandbox-connector";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { serializeAgency } from "@/lib/core/agencies/serialize-agency";
import { setPlan } from "@/lib/core/agencies/set-plan";
import { createApiKey } from "@/lib/core/api-keys/create-api-key";
import { revokeApiKey } from "@/lib/core/api-keys/revoke-api-key";
import { API_SCOPES, isApiScope, type ApiScope } from "@/lib/core/auth/scopes";
import { getDb } from "@/lib/infra/db/db";
import { ApiError } from "@/lib/core/common/api-error";
import { setIntake } from "@/lib/core/intake/set-intake";
import { createUser } from "@/lib/core/users/create-user";
import { makeInstanceAdmin } from "@/lib/core/instance/instance-admin";
import { listAccounts } from "@/lib/core/accounts/list-accounts";
import { inTransaction } from "@/lib/infra/db/transaction";
import {
  DEMO_SAMPLE_PLATFORM_NAMES,
  DEMO_SAMPLE_PLATFORMS,
  seedDemoSamples,
} from "@/lib/runtime/seed/seed-demo-samples";

export class AdminInputError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }

  toJSON() {
    return { code: this.code, message: this.message, ...(this.field !== undefined ? { field: this.field } : {}) };
  }
}

export const ADMIN_USAGE = `Commands:
  agency create --name NAME [--plan trial|starter|pro|agency] [--api-access true|false]
  user create --agency ID --email EMAIL --password PASSWORD
  user make-instance-admin --email EMAIL [--revoke true]   (the instance pages: platform credentials)
  key create --agency ID --scopes all|SCOPE,SCOPE,... [--name NAME]
  key revoke --id ID
  account connect --agency ID --platform PLATFORM [--services a,b] [--display-name NAME]
                  [--email EMAIL] [--platform-account-id ID] [--business-id ID] [--business-name NAME]
                  (--business-id: the business clients assign the agency to where they assign partners
                  by Business ID; without it a request for a service whose steps name it gives
                  businessManagerId on each link, as GET /services says with requiredWhen)
  plan set --agency ID [--plan P] [--api-access true|false] [--trial true|false]
           [--client-limit N|none] [--prospect-limit N|none] [--overage true|false] [--included N|none]
  intake set --agency ID --enabled true|false [--question TEXT]...
  demo seed --agency ID      (the demo agency's sample clients, requests and webhook deliveries;
                             needs ${DEMO_SAMPLE_PLATFORM_NAMES} accounts and an intake form with questions)`;

import { UUID } from "@/lib/core/common/uuid";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values = Record<string, string | string[] | undefined>;

interface Command {
  options: Options;
  required: string[];
  /** which flag a domain NOT_FOUND refers to */
  notFoundField?: string;
  run(values: Values): Promise<object>;
}

const str = { type: "string" } as const;

function text(values: Values, flag: string): string | undefined {
  const v = values[flag];
  return typeof v === "string" ? v : undefined;
}

function bool(values: Values, flag: string): boolean | undefined {
  const v = text(values, flag);
  if (v === undefined) return undefined;
  if (v === "true") return true;
  if (v === "false") return false;
  throw new AdminInputError("VALIDATION_FAILED", `--${flag} must be true or false.`, flag);
}

function count(values: Values, flag: string): number | null | undefined {
  const v = text(values, flag);
  if (v === undefined) return undefined;
  if (v === "none") return null;
  const n = /^\d{1,15}$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n))
    throw new AdminInputError("VALIDATION_FAILED", `--${flag} must be a whole number, 0 or more, or "none".`, flag);
  return n;
}

function list(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

async function requireAgency(values: Values): Promise<string> {
  const id = text(values, "agency")!;
  const missing = new AdminInputError("NOT_FOUND", `No agency with id "${id}".`, "agency");
  if (!UUID.test(id)) throw missing;
  const db = await getDb();
  if (!(await db.agency.findUnique({ where: { id }, select: { id: true } }))) throw missing;
  return id;
}

function scopes(values: Values): ApiScope[] {
  const raw = text(values, "scopes")!;
  if (raw === "all") return [...API_SCOPES];
  const parts = list(raw);
  const unknown = parts.find((s) => !isApiScope(s));
  if (unknown !== undefined) {
    throw new AdminInputError(
      "VALIDATION_FAILED",
      `Unknown scope "${unknown}". Use "all" or some of: ${API_SCOPES.join(", ")}.`,
      "scopes",
    );
  }
  if (parts.length === 0) throw new AdminInputError("VALIDATION_FAILED", "At least one scope is required.", "scopes");
  return parts as ApiScope[];
}

const COMMANDS: Record<string, Command> = {
  "agency create": {
    options: { name: str, plan: str, "api-access": str },
    required: ["name"],
    run: async (v) =>
      serializeAgency(
        await createAgency({ name: text(v, "name")!, plan: text(v, "plan"), apiAccess: bool(v, "api-access") }),
      ),
  },
  "user create": {
    options: { agency: str, email: str, password: str },
    required: ["agency", "email", "password"],
    notFoundField: "agency",
    run: async (v) =>
      createUser({
        agencyId: await requireAgency(v),
        email: text(v, "email")!,
        password: text(v, "password")!,
        emailVerified: true,
      }),
  },
  "user make-instance-admin": {
    options: { email: str, revoke: str },
    required: ["email"],
    notFoundField: "email",
    run: async (v) => makeInstanceAdmin({ email: text(v, "email")!, on: bool(v, "revoke") !== true }),
  },
  "key create": {
    options: { agency: str, scopes: str, name: str },
    required: ["agency", "scopes"],
    notFoundField: "agency",
    run: async (v) => {
      const s = scopes(v);
      const k = await createApiKey({ agencyId: await requireAgency(v), scopes: s, name: text(v, "name") });
      return { id: k.id, key: k.key, scopes: k.scopes, name: k.name, prefix: k.prefix, createdAt: k.createdAt };
    },
  },
  "key revoke": {
    options: { id: str },
    required: ["id"],
    notFoundField: "id",
    run: async (v) => revokeApiKey({ id: text(v, "id")! }),
  },
  "account connect": {
    options: {
      agency: str,
      platform: str,
      services: str,
      "display-name": str,
      email: str,
      "platform-account-id": str,
      "business-id": str,
      "business-name": str,
    },
    required: ["agency", "platform"],
    notFoundField: "agency",
    run: async (v) => {
      const services = text(v, "services");
      const businessId = text(v, "business-id");
      const businessName = text(v, "business-name");
      const platform = text(v, "platform")!;
      return connectAccount({
        agencyId: await requireAgency(v),
        platform,
        // in the sandbox the account carries the sandbox's sign-in token, as one connected from
        // the dashboard does, so the access checks read its grants back
        ...(platformMode(platform) === "sandbox" ? { accessToken: sandboxAgencyToken(platform) } : {}),
        services: services === undefined ? undefined : list(services),
        displayName: text(v, "display-name"),
        email: text(v, "email"),
        platformAccountId: text(v, "platform-account-id"),
        // The business that receives partner access (a Meta Business Manager id, a TikTok Business Center id).
        business:
          businessId === undefined && businessName === undefined
            ? undefined
            : { id: businessId ?? "", name: businessName },
      });
    },
  },
  "plan set": {
    options: {
      agency: str,
      plan: str,
      "api-access": str,
      trial: str,
      "client-limit": str,
      "prospect-limit": str,
      overage: str,
      included: str,
    },
    required: ["agency"],
    notFoundField: "agency",
    run: async (v) => {
      const input = {
        plan: text(v, "plan"),
        apiAccess: bool(v, "api-access"),
        trial: bool(v, "trial"),
        clientLimit: count(v, "client-limit"),
        prospectLimit: count(v, "prospect-limit"),
        overage: bool(v, "overage"),
        included: count(v, "included"),
      };
      return serializeAgency(await setPlan({ agencyId: await requireAgency(v), ...input }));
    },
  },
  "intake set": {
    options: { agency: str, enabled: str, question: { type: "string", multiple: true } },
    required: ["agency", "enabled"],
    notFoundField: "agency",
    run: async (v) => {
      const enabled = bool(v, "enabled")!;
      const questions = v.question as string[] | undefined;
      return setIntake({ agencyId: await requireAgency(v), enabled, questions });
    },
  },
  "demo seed": {
    options: { agency: str },
    required: ["agency"],
    notFoundField: "agency",
    run: async (v) => {
      const agencyId = await requireAgency(v);
      const accounts = (await listAccounts({ agencyId })).filter((a) => a.status === "connected");
      for (const platform of DEMO_SAMPLE_PLATFORMS) {
        if (!accounts.some((a) => a.platform === platform))
          throw new ApiError(
            "VALIDATION_FAILED",
            `The agency needs a connected ${platform} account for the demo data.`,
          );
      }
      const requests = await inTransaction((tx) => seedDemoSamples({ agencyId, accounts, tx }), { timeout: 30_000 });
      return { requests };
    },
  },
};

// Domain errors name API fields (clientLimit, questions[2]); the operator typed flags.
function flagFor(field: string | undefined, command: Command): string | undefined {
  if (field === undefined) return undefined;
  const base = field.replace(/\[\d+\]$/, "").replace(/\..*$/, "");
  if (base === "questions") return "question";
  if (base === "agencyId") return "agency";
  if (field === "business.id") return "business-id";
  if (field === "business.name") return "business-name";
  const flag = base.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return flag in command.options ? flag : field;
}

function parse(command: Command, args: string[]): Values {
  try {
    const { values } = parseArgs({ args, options: command.options, strict: true, allowPositionals: false });
    return values as Values;
  } catch (err) {
    const message = (err as Error).message;
    const flag = /'(--?[\w-]+)/.exec(message)?.[1]?.replace(/^-+/, "");
    throw new AdminInputError("USAGE", message, flag);
  }
}

/** Runs one admin command; the result is the JSON object to print. */
export async function runAdminCommand(argv: string[]): Promise<object> {
  const name = `${argv[0] ?? ""} ${argv[1] ?? ""}`;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    const shown = argv.slice(0, 2).join(" ") || "(none)";
    throw new AdminInputError("USAGE", `Unknown command ${shown}.\n${ADMIN_USAGE}`);
  }
  const values = parse(command, argv.slice(2));
  for (const flag of command.required) {
    if (text(values, flag) === undefined)
      throw new AdminInputError("USAGE", `--${flag} is required.\n${ADMIN_USAGE}`, flag);
  }
  try {
    return await command.run(values);
  } catch (err) {
    if (err instanceof ApiError && err.status < 500) {
      const field = err.code === "NOT_FOUND" ? command.notFoundField : flagFor(err.details[0]?.field, command);
      throw new AdminInputError(err.code, err.message, field);
    }
    throw err;
  }
}
