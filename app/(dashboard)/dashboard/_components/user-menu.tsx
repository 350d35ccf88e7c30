"use client";
// The signed-in user's email, role and sign-out.
import { signOut } from "next-auth/react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export function UserMenu({ email, role }: { email: string; role: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="flex items-center justify-between gap-2">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium text-slate-900" title={email} data-testid="user-email">
          {email}
        </p>
        <Badge tone="indigo" className="mt-0.5">
          {role.charAt(0).toUpperCase() + role.slice(1)}
        </Badge>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="whitespace-nowrap"
        busy={busy}
        onClick={async () => {
          setBusy(true);
          await signOut({ redirect: false }).catch(() => {});
          // A full load after sign-out, so no cached dashboard data outlives the session.
          window.location.assign("/login");
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
