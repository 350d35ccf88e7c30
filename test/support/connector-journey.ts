// The client-page journey the real-connector integration tests share: an app server in
// real-connector mode (SANDBOX_PLATFORMS=0, the platform's credentials, every platform
// host rewritten to its contract fake), a request for one agency account, then over real
// HTTP "Grant access" (start) → the fake's consent → the app's callback → the picker →
// the grant form, and what the request and its events must record afterwards.
import { afterAll, beforeAll, expect } from "vitest";
import { connectAccount, type ConnectAccountOptions } from "@/lib/core/accounts/connect-account";
import { resetEnvCache } from "@/lib/infra/env";
import { startApiServer } from "@/test/support/api-server";
import {
  eventsOf,
  getNoFollow,
  locationOf,
  postForm,
  requestRow,
  seedAccessAgency,
  seedAccessRequest,
  typesOf,
  type ServiceAsk,
} from "@/test/support/access-fixtures";

/**
 * Starts the app with the real connectors for the enclosing `describe` (its beforeAll and
 * afterAll), with `env()` (read once the fake is up) on top of SANDBOX_PLATFORMS=0, and
 * puts the environment back afterwards. `base` is the app's origin once started.
 */
export function useRealConnectorApp(env: () => Record<string, string>): { readonly base: string } {
  let base = "";
  let close: (() => Promise<void>) | undefined;
  let saved: Record<string, string | undefined> = {};
  beforeAll(async () => {
    const values = { SANDBOX_PLATFORMS: "0", ...env() };
    saved = Object.fromEntries(Object.keys(values).map((k) => [k, process.env[k]]));
    Object.assign(process.env, values);
    resetEnvCache();
    const server = await startApiServer();
    base = server.url;
    close = server.close;
  });
  afterAll(async () => {
    await close?.();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });
  return {
    get base() {
      return base;
    },
  };
}

/** A new agency with one connected account on `platform`, and a request naming it. */
export async function seedConnectorRequest(
  platform: string,
  account: Omit<ConnectAccountOptions, "agencyId" | "platform">,
  services: Record<string, ServiceAsk>,
): Promise<{ requestId: string; token: string; internalAccountId: string }> {
  const seeded = await seedAccessAgency([]);
  const { internalAccountId } = await connectAccount({ agencyId: seeded.agencyId, platform, ...account });
  const { requestId, token } = await seedAccessRequest(
    { ...seeded, accounts: { [platform]: internalAccountId } },
    services,
  );
  return { requestId, token, internalAccountId };
}

/**
 * "Grant access" → the fake's consent (which must be served from `consentOrigin`) → the
 * app's callback, which must send the client on to the picker for `serviceId`. Returns the
 * consent URL the app built (for its parameters) and the sign-in's session.
 */
export async function walkClientSignIn(opts: {
  base: string;
  token: string;
  serviceId: string;
  consentOrigin: string;
}): Promise<{ consentUrl: URL; sessionId: string }> {
  const { base, token, serviceId } = opts;
  const consentUrl = locationOf(await getNoFollow(`${base}/api/access/${token}/connect/${serviceId}`));
  expect(consentUrl.origin).toBe(opts.consentOrigin);
  const consent = await getNoFollow(consentUrl.toString());
  expect(consent.status).toBe(302);
  const back = new URL(consent.headers.get("location")!);
  expect(back.pathname).toBe("/api/access/callback");
  const callback = locationOf(await getNoFollow(`${base}${back.pathname}${back.search}`));
  expect(callback.searchParams.get("pick")).toBe(serviceId);
  return { consentUrl, sessionId: callback.searchParams.get("session")! };
}

/** The picker's form posted with `assets`: the app answers 303 (never a 5xx), whatever the platform did. */
export async function postClientGrant(opts: {
  base: string;
  token: string;
  serviceId: string;
  sessionId: string;
  assets: string[];
}): Promise<Response> {
  const grant = await postForm(`${opts.base}/api/access/${opts.token}/services/${opts.serviceId}/grant`, {
    session: opts.sessionId,
    asset: opts.assets,
  });
  expect(grant.status).toBe(303);
  return grant;
}

/**
 * "Grant access" → the fake's consent (which must be served from `consentOrigin`) → the
 * app's callback → the picker for `serviceId` → the grant form posted with `assets`.
 * Returns the consent URL the app built (for its parameters) and the grant's answer.
 */
export async function walkClientGrant(opts: {
  base: string;
  token: string;
  serviceId: string;
  consentOrigin: string;
  assets: string[];
}): Promise<{ consentUrl: URL; grant: Response }> {
  const { consentUrl, sessionId } = await walkClientSignIn(opts);
  const grant = await postClientGrant({ ...opts, sessionId });
  return { consentUrl, grant };
}

/**
 * The service is granted with `grantedAssets`, the request completed, and one
 * `connection.attempt_completed` names the platform, the outcome and the per-asset errors.
 */
export async function expectGrantRecorded(
  requestId: string,
  serviceId: string,
  expected: { grantedAssets: Record<string, unknown>[]; platform: string; outcome: string; errors: string[] },
): Promise<void> {
  const svc = (await requestRow(requestId)).services.find((s) => s.serviceId === serviceId)!;
  expect(svc.status).toBe("granted");
  expect(svc.grantedAssets).toMatchObject(expected.grantedAssets);
  const events = await eventsOf(requestId);
  expect(typesOf(events)).toEqual([
    "connection.attempt_completed",
    "request.completed",
    "request.created",
    "service.granted",
  ]);
  const attempt = events.find((e) => e.type === "connection.attempt_completed")!.data.attempt as {
    platform: string;
    outcome: string;
    services: { errors: string[] }[];
  };
  expect(attempt).toMatchObject({ platform: expected.platform, outcome: expected.outcome });
  expect(attempt.services[0]!.errors).toEqual(expected.errors);
}

/**
 * "Grant access" → the platform sends the browser back with `answer` (an OAuth error such as
 * `error=access_denied`) instead of a code → the app's callback → the client page. Returns
 * the client page's address (its `error` code is what the page shows, through
 * `accessErrorMessage`).
 */
export async function walkClientSignInAnswer(opts: {
  base: string;
  token: string;
  serviceId: string;
  answer: Record<string, string>;
}): Promise<{ page: URL }> {
  const consentUrl = locationOf(await getNoFollow(`${opts.base}/api/access/${opts.token}/connect/${opts.serviceId}`));
  const state = consentUrl.searchParams.get("state");
  expect(state).toBeTruthy();
  const back = new URLSearchParams({ ...opts.answer, state: state! });
  const callback = await getNoFollow(`${opts.base}/api/access/callback?${back.toString()}`);
  expect(callback.status).toBe(303);
  const page = locationOf(callback);
  expect(page.pathname).toBe(`/i/${opts.token}`);
  expect(page.searchParams.get("service")).toBe(opts.serviceId);
  return { page };
}
