// Sign-in. An already signed-in user goes straight to where they were headed.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { safeCallbackUrl } from "@/lib/surfaces/dashboard/safe-callback-url";
import { LoginForm } from "./login-form";
import { ResendVerificationForm } from "@/components/account/resend-verification-form";
import { resendVerificationAction } from "./resend-verification-actions";
import { ProviderButtons } from "./provider-buttons";
import { FormAlert } from "@/components/ui/form-alert";
import { configuredStaffProviders } from "@/lib/surfaces/dashboard/staff-sso-providers";

/** What a refused provider sign-in says (the signIn callback's `error` values, and next-auth's own). */
const SSO_ERRORS: Record<string, string> = {
  "sso-unverified-email":
    "Your identity provider did not confirm your email address, so it cannot sign you in here. Ask your administrator, or sign in with your password.",
  "sso-no-account":
    "There is no account for this address, and its domain is not claimed by an agency. Ask your agency's Owner to invite you.",
  "sso-no-email": "Your identity provider did not share an email address. Ask your administrator.",
  "sso-failed":
    "The sign-in with your identity provider could not be completed here. Try again, or ask your administrator.",
  OAuthCallback: "The sign-in with your identity provider did not complete. Try again.",
  OAuthSignin: "The sign-in with your identity provider could not start. Try again later.",
  AccessDenied: "That sign-in was refused.",
};

export const metadata: Metadata = { title: "Sign in" };
export const dynamic = "force-dynamic";

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const sp = await searchParams;
  const callbackUrl = safeCallbackUrl(sp.callbackUrl);
  if (await getDashboardContext()) redirect(callbackUrl);
  const expired = sp.callbackUrl !== undefined;
  const providers = await configuredStaffProviders();
  const error =
    typeof sp.error === "string" ? (SSO_ERRORS[sp.error] ?? "The sign-in did not complete. Try again.") : null;
  return (
    <>
      <h1 className="text-xl font-semibold">Sign in to your agency</h1>
      {expired ? <p className="mt-1 text-sm text-slate-600">Sign in to continue where you left off.</p> : null}
      {error ? (
        <div className="mt-4">
          <FormAlert message={error} />
        </div>
      ) : null}
      <ProviderButtons providers={providers} callbackUrl={callbackUrl} />
      <LoginForm callbackUrl={callbackUrl} />
      <ResendVerificationForm resend={resendVerificationAction} />
      <p className="mt-6 text-sm text-slate-600">
        New here?{" "}
        <Link href="/signup" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Create an agency
        </Link>
      </p>
    </>
  );
}
