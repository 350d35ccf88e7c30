// Sign-in. An already signed-in user goes straight to where they were headed.
import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { safeCallbackUrl } from "@/lib/surfaces/dashboard/safe-callback-url";
import { LoginForm } from "./login-form";
import { ResendVerificationForm } from "@/components/account/resend-verification-form";
import { resendVerificationAction } from "./resend-verification-actions";

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
  return (
    <>
      <h1 className="text-xl font-semibold">Sign in to your agency</h1>
      {expired ? <p className="mt-1 text-sm text-slate-600">Sign in to continue where you left off.</p> : null}
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
