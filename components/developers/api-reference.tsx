"use client";
// The interactive API reference, rendered by Scalar from our own OpenAPI document. Scalar's
// standalone bundle (one self-contained script with its stylesheet, vendored in
// public/vendor/scalar/ by scripts/vendor-scalar.sh) is loaded by a plain script tag on
// this page only: the app installs no Scalar package (the React wrapper brought about 285
// packages, Vue among them, for this one page) and the rest of the dashboard stays light.
// Scalar's web fonts, telemetry and AI assistant are off: the page makes no request
// beyond this app.
import Script from "next/script";
import { useCallback, useEffect, useRef } from "react";

export const SCALAR_SCRIPT = "/vendor/scalar/api-reference-1.46.4.js";

interface ScalarApp {
  destroy: () => void;
}
declare global {
  interface Window {
    Scalar?: { createApiReference: (element: HTMLElement, configuration: Record<string, unknown>) => ScalarApp };
  }
}

export default function ApiReference({ specUrl, baseUrl }: { specUrl: string; baseUrl: string }) {
  const host = useRef<HTMLDivElement>(null);
  const app = useRef<ScalarApp | null>(null);

  const mount = useCallback(() => {
    if (!host.current || !window.Scalar || app.current) return;
    app.current = window.Scalar.createApiReference(host.current, {
      url: specUrl,
      servers: [{ url: baseUrl, description: "This installation" }],
      withDefaultFonts: false,
      telemetry: false,
      hideDarkModeToggle: true,
      forceDarkModeState: "light",
      showDeveloperTools: "never",
      hideClientButton: false,
      defaultOpenFirstTag: true,
      // the "Ask AI" assistant talks to Scalar's servers; this page stays on our own
      agent: { disabled: true },
    });
  }, [specUrl, baseUrl]);

  useEffect(() => {
    // the script may already be there (navigating back to this page): mount at once
    mount();
    return () => {
      app.current?.destroy();
      app.current = null;
    };
  }, [mount]);

  return (
    <div
      className="scalar-host overflow-hidden rounded-xl border border-slate-200 bg-white"
      data-testid="api-reference"
    >
      <div ref={host} />
      <Script src={SCALAR_SCRIPT} strategy="afterInteractive" onReady={mount} />
    </div>
  );
}
