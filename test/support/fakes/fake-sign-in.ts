// Signing in through a platform contract fake without the app: the connector's consent URL,
// the fake's redirect back with a one-time code (under `code`, or TikTok's `auth_code`), and
// the connector's code exchange. The OAuth plumbing every connector test shares.
import type { PlatformConnector } from "@/lib/infra/connectors/connector";
import { getNoFollow } from "@/test/support/access-fixtures";

const VERIFIER = "v".repeat(43);

export async function signInThroughFake(
  connector: PlatformConnector,
  opts: { redirectUri: string; serviceIds: string[]; state?: string },
): Promise<string> {
  const state = opts.state ?? "st";
  const { authorizationUrl } = connector.beginSignIn({
    state,
    redirectUri: opts.redirectUri,
    serviceIds: opts.serviceIds,
    codeVerifier: VERIFIER,
  });
  const consent = await getNoFollow(authorizationUrl);
  const location = consent.headers.get("location");
  if (!location) throw new Error(`the fake's consent answered ${consent.status} without a redirect`);
  const back = new URL(location);
  const code = back.searchParams.get("code") ?? back.searchParams.get("auth_code");
  if (!code) throw new Error(`the fake sent the browser back without a code: ${back.search}`);
  return (await connector.handleCallback({ code, state, redirectUri: opts.redirectUri, codeVerifier: VERIFIER }))
    .accessToken;
}
