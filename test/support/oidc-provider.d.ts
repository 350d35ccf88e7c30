// The parts of oidc-provider's API the test provider uses (the package ships no types).
declare module "oidc-provider" {
  import type { IncomingMessage, ServerResponse } from "node:http";

  type Ctx = unknown;
  interface Client {
    grantTypeAllowed(type: string): boolean;
  }
  interface Account {
    accountId: string;
    claims(): Promise<Record<string, unknown>>;
  }
  interface Configuration {
    clients: Record<string, unknown>[];
    claims: Record<string, string[] | null>;
    conformIdTokenClaims?: boolean;
    features?: Record<string, unknown>;
    issueRefreshToken?: (ctx: Ctx, client: Client, source: unknown) => Promise<boolean>;
    interactions?: { url: (ctx: Ctx, interaction: { uid: string }) => string };
    cookies?: { keys: string[] };
    findAccount(ctx: Ctx, id: string): Promise<Account | undefined>;
  }
  interface InteractionDetails {
    prompt: { name: string };
    params: Record<string, unknown>;
    session?: { accountId: string };
  }
  class Grant {
    constructor(opts: { accountId: string; clientId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      opts?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
