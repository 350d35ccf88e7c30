"use client";
// Without a session the dashboard sends the browser to sign-in with the page it was on
// (path and query), so the user lands back there afterwards. Done in the browser because
// a server layout does not know the full URL.
import { useEffect } from "react";

export function SignInRedirect() {
  useEffect(() => {
    const here = `${window.location.pathname}${window.location.search}`;
    window.location.replace(`/login?callbackUrl=${encodeURIComponent(here)}`);
  }, []);
  return (
    <main className="mx-auto max-w-md p-8 text-center">
      <h1 className="text-xl font-semibold">Your session has ended</h1>
      <p className="mt-2 text-sm text-slate-600">
        Taking you to{" "}
        <a className="text-indigo-700 underline" href="/login">
          sign in
        </a>
        …
      </p>
    </main>
  );
}
