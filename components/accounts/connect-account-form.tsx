"use client";
// Connecting an agency account: pick the platform, name the account and choose which of
// the platform's services it can receive; where clients assign partners by Business ID
// (Meta), the agency's business too, which their steps then name. Sandbox platforms are recorded without contacting
// the platform, live ones go through the platform's sign-in, manual ones are recorded as entered.
import Link from "next/link";
import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ZConnectAccountBody } from "@/lib/core/accounts/connect-account-from-dashboard";
import {
  assignsPartnerByBusinessId,
  listPlatforms,
  listPlatformServices,
  needsAgencyBusinessId,
} from "@/lib/core/catalog/catalog";

export type ConnectModes = Record<string, "manual" | "sandbox" | "live" | "unavailable">;

const MODE_HINT = {
  manual: "This platform has no sign-in: clients invite the account you enter here.",
  sandbox: "Sandbox: the account is connected without contacting the platform.",
  live: "Live: sign in with the platform, then pick the account (the business account, where the platform has one) clients grant access to.",
  unavailable: (
    <>
      Connecting needs this platform&apos;s sign-in, which is not configured on this installation. Next: set it up on{" "}
      <Link href="/dashboard/instance/platforms" className="text-indigo-700 underline underline-offset-2">
        Instance → Platforms
      </Link>{" "}
      (or see there who administers this installation).
    </>
  ),
} as const;

export interface ConnectAccountFormProps {
  modes: ConnectModes;
  onConnect: (
    input: z.input<typeof ZConnectAccountBody>,
  ) => Promise<{ ok: boolean; fieldErrors: Record<string, string> }>;
}

export function ConnectAccountForm({ modes, onConnect }: ConnectAccountFormProps) {
  const platforms = listPlatforms();
  const firstAvailable = platforms.find((p) => modes[p.id] !== "unavailable")?.id ?? platforms[0]!.id;
  const [platform, setPlatform] = useState<string>(firstAvailable);
  const [displayName, setDisplayName] = useState("");
  const [email, setEmail] = useState("");
  const [platformAccountId, setPlatformAccountId] = useState("");
  const [businessId, setBusinessId] = useState("");
  const [businessName, setBusinessName] = useState("");
  const byBusiness = assignsPartnerByBusinessId(platform);
  const services = listPlatformServices(platform);
  const byIdNames = services
    .filter((s) => needsAgencyBusinessId(s))
    .map((s) => s.name)
    .join(", ");
  const [chosen, setChosen] = useState<Set<string>>(
    () => new Set(listPlatformServices(firstAvailable).map((s) => s.id)),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const mode = modes[platform] ?? "unavailable";
  const formRef = useRef<HTMLFormElement>(null);
  // each refused connect: the first marked field takes the focus, so its error is in view (at 375 px
  // the business fields push the submit button well below the account's name)
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused > 0) formRef.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [refused]);

  function pickPlatform(id: string) {
    setPlatform(id);
    setChosen(new Set(listPlatformServices(id).map((s) => s.id)));
    setErrors({});
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const result = await onConnect({
        platform: platform as z.input<typeof ZConnectAccountBody>["platform"],
        displayName,
        email,
        platformAccountId,
        ...(byBusiness ? { businessId, businessName } : {}),
        services: services.filter((s) => chosen.has(s.id)).map((s) => s.id),
      });
      setErrors(result.fieldErrors);
      if (!result.ok && Object.keys(result.fieldErrors).length > 0) setRefused((n) => n + 1);
      if (result.ok) {
        setDisplayName("");
        setEmail("");
        setPlatformAccountId("");
        setBusinessId("");
        setBusinessName("");
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      title="Connect an account"
      description="The agency's own account on a platform, which clients grant access to."
    >
      <form ref={formRef} onSubmit={submit} className="grid gap-4 md:grid-cols-2" noValidate>
        <Field id="connect-platform" label="Platform" error={errors.platform} hint={MODE_HINT[mode]}>
          <Select
            id="connect-platform"
            value={platform}
            onChange={(e) => pickPlatform(e.target.value)}
            invalid={!!errors.platform}
          >
            {platforms.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {modes[p.id] === "unavailable" ? " (not available)" : ""}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="connect-name" label="Account name" error={errors.displayName}>
          <Input
            id="connect-name"
            value={displayName}
            onChange={(e) => setDisplayName(e.target.value)}
            invalid={!!errors.displayName}
            placeholder="Acme Agency Business Manager"
            required
          />
        </Field>
        <Field id="connect-email" label="Email clients invite" optional error={errors.email}>
          <Input
            id="connect-email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            invalid={!!errors.email}
            placeholder="ads@agency.example"
          />
        </Field>
        <Field id="connect-account-id" label="Account ID on the platform" optional error={errors.platformAccountId}>
          <Input
            id="connect-account-id"
            value={platformAccountId}
            onChange={(e) => setPlatformAccountId(e.target.value)}
            invalid={!!errors.platformAccountId}
          />
        </Field>
        {byBusiness && mode !== "live" ? (
          <>
            <Field
              id="connect-business-id"
              label="Business ID"
              optional
              error={errors.businessId}
              hint={`Clients name the agency by its Business ID for ${byIdNames}. Without it here, each request for ${byIdNames} must give one.`}
            >
              <Input
                id="connect-business-id"
                inputMode="numeric"
                value={businessId}
                onChange={(e) => setBusinessId(e.target.value)}
                invalid={!!errors.businessId}
                placeholder="123456789012345"
              />
            </Field>
            <Field id="connect-business-name" label="Business name" optional error={errors.businessName}>
              <Input
                id="connect-business-name"
                value={businessName}
                onChange={(e) => setBusinessName(e.target.value)}
                invalid={!!errors.businessName}
                placeholder="Acme Agency"
              />
            </Field>
          </>
        ) : null}
        <fieldset className="md:col-span-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Services this account can receive</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((s) => (
              <Checkbox
                key={s.id}
                id={`connect-service-${s.id}`}
                label={s.name}
                checked={chosen.has(s.id)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(s.id);
                  else next.delete(s.id);
                  setChosen(next);
                }}
              />
            ))}
          </div>
          <FieldError message={errors.services} />
        </fieldset>
        <div className="md:col-span-2">
          {mode === "live" ? (
            <a
              href={`/api/dashboard/accounts/connect/${platform}`}
              className="inline-flex items-center rounded-md bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
              data-testid="connect-live"
            >
              Sign in with {platforms.find((p) => p.id === platform)?.name ?? platform}
            </a>
          ) : (
            <Button type="submit" busy={busy} disabled={mode === "unavailable"}>
              Connect account
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
