"use client";
// "Sign in with Google / Microsoft / <identity provider>": one button per configured
// provider, through next-auth's OpenID Connect flow.
import { signIn } from "next-auth/react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function ProviderButtons({
  providers,
  callbackUrl,
}: {
  providers: { id: string; name: string }[];
  callbackUrl: string;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  if (!providers.length) return null;
  return (
    <div className="mt-5 space-y-2" data-sso-providers>
      {providers.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="secondary"
          className="w-full"
          busy={busy === p.id}
          onClick={() => {
            setBusy(p.id);
            void signIn(p.id, { callbackUrl });
          }}
        >
          Sign in with {p.name}
        </Button>
      ))}
      <p className="pt-2 text-center text-xs text-slate-600">or with your email and password</p>
    </div>
  );
}
