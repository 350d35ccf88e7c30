// Sign-up: create an agency (14-day trial with API access) and its owner account.
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getDashboardContext } from "@/lib/surfaces/dashboard/dashboard-context";
import { DEFAULT_AFTER_LOGIN } from "@/lib/surfaces/dashboard/safe-callback-url";
import { SignUpForm } from "./sign-up-form";

export const metadata: Metadata = { title: "Create an agency" };
export const dynamic = "force-dynamic";

export default async function SignUpPage() {
  if (await getDashboardContext()) redirect(DEFAULT_AFTER_LOGIN);
  return (
    <>
      <h1 className="text-xl font-semibold">Create your agency</h1>
      <p className="mt-1 text-sm text-slate-600">Start a 14-day trial with API access. No card needed.</p>
      <SignUpForm />
    </>
  );
}
