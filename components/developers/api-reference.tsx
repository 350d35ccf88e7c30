"use client";
// The interactive API reference, rendered by Scalar from our own OpenAPI document. Only
// this component loads Scalar and its stylesheet, through next/dynamic in the page, so
// the rest of the dashboard stays light. Scalar's web fonts, telemetry and AI assistant
// are off: the page makes no request beyond this app.
import { ApiReferenceReact } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

export default function ApiReference({ specUrl, baseUrl }: { specUrl: string; baseUrl: string }) {
  return (
    <div className="scalar-host overflow-hidden rounded-xl border border-slate-200 bg-white" data-testid="api-reference">
      <ApiReferenceReact
        configuration={{
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
        }}
      />
    </div>
  );
}
