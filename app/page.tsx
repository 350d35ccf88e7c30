import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: { absolute: "Access Requests: one link for every client account" } };

export default function Home() {
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-6 p-8">
      <h1 className="text-4xl font-bold tracking-tight">Access Requests</h1>
      <p className="text-lg text-slate-600">
        Send your client one link. They sign in with each platform, grant your accounts the roles you asked for, answer
        your intake form, and you are done in minutes.
      </p>
      <div className="flex gap-3">
        <Link href="/login" className="rounded-lg bg-indigo-600 px-4 py-2 font-medium text-white hover:bg-indigo-700">
          Sign in
        </Link>
        <Link href="/signup" className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-white">
          Create an agency
        </Link>
      </div>
    </main>
  );
}
