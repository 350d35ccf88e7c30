"use client";
// The branding page body: agency name, accent colour and logo, with a live preview of the
// client page header. The logo is checked on the server by its bytes; the size check here
// only saves a pointless upload.
import { useEffect, useMemo, useState, type FormEvent } from "react";
import { ClientHeaderPreview } from "@/components/branding/client-header-preview";
import { useBranding, useSetBranding } from "@/components/branding/use-branding";
import { runAction } from "@/components/ui/action-feedback";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { DEFAULT_ACCENT } from "@/lib/surfaces/client-pages/accent-color";
import type { Branding } from "@/lib/core/agencies/update-branding";
import type { ActionResult } from "@/lib/surfaces/dashboard/action-result";

export interface BrandingPanelProps {
  initialBranding: Branding;
  canWrite: boolean;
  logoMaxBytes: number;
  save: (form: FormData) => Promise<ActionResult<Branding>>;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

export function BrandingPanel({ initialBranding, canWrite, logoMaxBytes, save }: BrandingPanelProps) {
  const { data: branding = initialBranding } = useBranding(initialBranding);
  const setBranding = useSetBranding();
  const [name, setName] = useState(branding.name);
  const [accent, setAccent] = useState(branding.accentColor ?? DEFAULT_ACCENT);
  const [useDefault, setUseDefault] = useState(branding.accentColor === null);
  const [file, setFile] = useState<File | null>(null);
  const filePreview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  const [removeLogo, setRemoveLogo] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    return () => {
      if (filePreview) URL.revokeObjectURL(filePreview);
    };
  }, [filePreview]);

  const previewLogo = removeLogo ? null : (filePreview ?? branding.logoUrl);
  const previewAccent = useDefault || !HEX.test(accent) ? null : accent;

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (file && file.size > logoMaxBytes) {
      setErrors({ logo: `The logo must be at most ${Math.round(logoMaxBytes / 1024)} KB.` });
      return;
    }
    const data = new FormData();
    data.set("name", name);
    data.set("accentColor", accent);
    if (useDefault) data.set("defaultColor", "1");
    if (removeLogo) data.set("removeLogo", "1");
    else if (file) data.set("logo", file);
    setBusy(true);
    try {
      const saved = await runAction(() => save(data), { success: "Branding saved.", onFieldErrors: setErrors });
      if (saved) {
        setBranding(saved);
        setFile(null);
        setRemoveLogo(false);
        (e.target as HTMLFormElement).reset();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Your brand" description="Shown on client pages and in the emails clients receive.">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <Field id="brand-name" label="Agency name" error={errors.name}>
            <Input
              id="brand-name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              invalid={!!errors.name}
              disabled={!canWrite}
              maxLength={200}
            />
          </Field>
          <Field
            id="brand-accent-text"
            label="Accent colour"
            error={errors.accentColor}
            hint="Buttons and highlights on the client pages."
          >
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick the accent colour"
                value={HEX.test(accent) ? accent : DEFAULT_ACCENT}
                onChange={(e) => {
                  setAccent(e.target.value);
                  setUseDefault(false);
                }}
                disabled={!canWrite}
                className="h-9 w-12 cursor-pointer rounded border border-slate-300 bg-white"
              />
              <Input
                id="brand-accent-text"
                value={accent}
                onChange={(e) => {
                  setAccent(e.target.value);
                  setUseDefault(false);
                }}
                invalid={!!errors.accentColor}
                disabled={!canWrite}
                className="max-w-32 font-mono"
              />
            </div>
          </Field>
          <Checkbox
            id="brand-default-colour"
            label="Use the default colour"
            checked={useDefault}
            disabled={!canWrite}
            onChange={(e) => setUseDefault(e.target.checked)}
          />
          <Field
            id="brand-logo"
            label="Logo"
            optional
            error={errors.logo}
            hint={`PNG, JPEG or WebP, up to ${Math.round(logoMaxBytes / 1024)} KB. SVG is not accepted.`}
          >
            <input
              id="brand-logo"
              type="file"
              accept="image/png,image/jpeg,image/webp"
              disabled={!canWrite}
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setRemoveLogo(false);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
            />
          </Field>
          {branding.logoUrl ? (
            <Checkbox
              id="brand-remove-logo"
              label="Remove the current logo"
              checked={removeLogo}
              disabled={!canWrite}
              onChange={(e) => setRemoveLogo(e.target.checked)}
            />
          ) : null}
          {canWrite ? (
            <Button type="submit" busy={busy}>
              Save branding
            </Button>
          ) : (
            <p className="text-sm text-slate-600">Managers and owners change the branding.</p>
          )}
        </form>
      </Card>
      <div className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">Live preview</h2>
        <ClientHeaderPreview name={name} accent={previewAccent} logoSrc={previewLogo} />
      </div>
    </div>
  );
}
