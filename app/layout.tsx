import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { connection } from "next/server";
import "./globals.css";
import { documentLocale } from "@/app/(client)/_components/document-locale";

export const metadata: Metadata = {
  title: { default: "Access Requests", template: "%s · Access Requests" },
  description: "Get access to your clients' ad accounts, pages, analytics and more with one link.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

// Every page renders per request: its scripts carry that request's CSP nonce (proxy.ts).
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  // the page's own language, so screen readers read a Spanish page with a Spanish voice
  return (
    <html lang={await documentLocale()}>
      <body className="min-h-screen">{children}</body>
    </html>
  );
}
