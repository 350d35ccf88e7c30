// The one mapping from a platform's API error to what the client pages act on, shared by
// every connector: each platform parses its own error bodies into a PlatformApiError (its
// `<platform>-errors.ts`, beside the documentation of its codes) and says how each one
// classifies; what a class means is decided here, once:
//   reauth        the sign-in is expired or revoked: the whole attempt fails, sign in again
//   rate_limited  a limit that outlasted the shared client's retries: the whole attempt fails
//   unavailable   the platform's outage (a 5xx, or the platform's own "system error" code):
//                 an asset fails as `platform_unavailable`, a whole call as rate_limited
//                 ("try again in a few minutes")
//   refused       the platform's own refusal of this asset, its message shown
//   server        our side's failure the platform reported (Google's 401 for a bad developer
//                 token): logged, never shown; an asset fails as `server_error`
import { ConnectorError, type AssetGrantResult } from "@/lib/infra/connectors/connector";

export type PlatformFailureClass = "reauth" | "rate_limited" | "unavailable" | "refused" | "server";

export class PlatformApiError extends Error {
  /** the platform's name as the client reads it ("Snapchat", "Microsoft Advertising") */
  readonly platformName: string;
  readonly status: number;

  constructor(platformName: string, status: number, message: string) {
    super(message);
    this.name = "PlatformApiError";
    this.platformName = platformName;
    this.status = status;
  }

  /** What the platform answered, for logs and the asset's error text. */
  get detail(): string {
    return `HTTP ${this.status}`;
  }

  /**
   * A refusal as the client reads it: of one asset, or (null) of a whole call. Platforms whose
   * messages are written for the person using the app (Meta's `error_user_msg`) or name the
   * asset already (Google's) show them as they are.
   */
  refusalText(assetId: string | null): string {
    return assetId
      ? `${this.platformName} refused access to ${assetId}: ${this.message}`
      : `${this.platformName} refused the request: ${this.message}`;
  }

  /** HTTP's own meaning; platforms whose errors carry codes override it. */
  classify(): PlatformFailureClass {
    if (this.status === 401) return "reauth";
    if (this.status === 429) return "rate_limited";
    if (this.status >= 500) return "unavailable";
    return "refused";
  }
}

/** The whole-attempt error for a platform's error, or null when it concerns one asset only. */
export function attemptError(err: unknown): ConnectorError | null {
  if (!(err instanceof PlatformApiError)) return null;
  const name = err.platformName;
  switch (err.classify()) {
    case "reauth":
      return new ConnectorError("reauth", `Your ${name} sign-in has expired. Please sign in again.`, { cause: err });
    case "rate_limited":
      return new ConnectorError(
        "rate_limited",
        `${name} is limiting requests right now. Please try again in a few minutes.`,
        { cause: err },
      );
    default:
      return null;
  }
}

/** One asset's failed grant: whole-attempt errors are thrown, the rest reported on the asset. */
export function assetFailure(platformName: string, assetId: string, err: unknown): AssetGrantResult {
  const whole = attemptError(err);
  if (whole) throw whole;
  if (err instanceof PlatformApiError) {
    const kind = err.classify();
    if (kind === "unavailable")
      return {
        assetId,
        ok: false,
        error: `${err.platformName} answered ${err.detail}: ${err.message}`,
        errorKind: "platform_unavailable",
      };
    if (kind === "server")
      return {
        assetId,
        ok: false,
        error: `${err.platformName} call failed for ${assetId}: ${err.detail}: ${err.message}`,
        errorKind: "server_error",
      };
    return { assetId, ok: false, error: err.refusalText(assetId), errorKind: "platform_error" };
  }
  if (err instanceof ConnectorError && err.kind !== "server_error") throw err;
  return {
    assetId,
    ok: false,
    error: `${platformName} call failed for ${assetId}: ${(err as Error)?.message ?? String(err)}`,
    errorKind: "server_error",
  };
}

/** Any error of a whole call (sign-in, listing, removal) as the ConnectorError it fails with. */
export function toConnectorError(platformName: string, err: unknown): ConnectorError {
  if (err instanceof ConnectorError) return err;
  const whole = attemptError(err);
  if (whole) return whole;
  if (err instanceof PlatformApiError) {
    if (err.classify() === "server")
      return new ConnectorError("server_error", `${err.platformName} call failed: ${err.detail}: ${err.message}`, {
        cause: err,
      });
    if (err.classify() === "unavailable")
      return new ConnectorError(
        "rate_limited",
        `${err.platformName} is not answering right now. Please try again in a few minutes.`,
        { cause: err },
      );
    return new ConnectorError("platform_error", err.refusalText(null), { cause: err });
  }
  return new ConnectorError("server_error", `${platformName} call failed: ${(err as Error)?.message ?? String(err)}`, {
    cause: err,
  });
}
