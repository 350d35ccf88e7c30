// Linking a provider sign-in to an existing account: the provider confirmed the address,
// and the person proves the account once with its password (and its 2FA code when on).
// Nothing is linked until then.
import type { Metadata } from "next";
import Link from "next/link";
import { readLinkToken } from "@/lib/core/sso/staff-sign-in";
import { staffProviderName } from "@/lib/infra/sso/staff-providers";
import { LoginForm } from "@/app/(auth)/login/login-form";

export const metadata: Metadata = { title: "Link your sign-in" };
export const dynamic = "force-dynamic";

export default async function LinkPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const token = typeof sp.token === "string" ? sp.token : "";
  const pending = token ? readLinkToken(token) : null;
  if (!pending)
    return (
      <>
        <h1 className="text-xl font-semibold">This link has expired</h1>
        <p className="mt-2 text-sm text-slate-600">
          Sign in with your identity provider again to start over.{" "}
          <Link href="/login" className="font-medium text-indigo-700 underline">
            Back to sign-in
          </Link>
        </p>
      </>
    );
  const name = staffProviderName(pending.provider);
  return (
    <>
      <h1 className="text-xl font-semibold">Link your {name} sign-in</h1>
      <p className="mt-2 text-sm text-slate-600">
        An account for {pending.email} already exists. Enter its password once to sign in with {name} from now on.
      </p>
      <LoginForm callbackUrl="/dashboard" linkToken={token} email={pending.email} />
    </>
  );
}
