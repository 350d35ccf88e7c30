// The link from the verification email: marks the account's address verified.
import type { Metadata } from "next";
import Link from "next/link";
import { verifyEmailToken } from "@/lib/core/users/email-verification";

export const metadata: Metadata = { title: "Verify your email" };
export const dynamic = "force-dynamic";

export default async function VerifyEmailPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const ok = await verifyEmailToken({ token: decodeURIComponent(token) });
  return (
    <>
      <h1 className="text-xl font-semibold">{ok ? "Email address verified" : "Link not valid"}</h1>
      <p className="mt-2 text-sm text-slate-600" data-testid="verify-result">
        {ok
          ? "Your address is verified: you can now create API keys and invite teammates."
          : "This verification link has expired, was replaced by a newer one, or is not valid. Send a new one from the sign-in page or the notice in your dashboard."}
      </p>
      <p className="mt-6 text-sm">
        <Link href="/dashboard" className="font-medium text-indigo-700 underline-offset-2 hover:underline">
          Go to the dashboard
        </Link>
      </p>
    </>
  );
}
