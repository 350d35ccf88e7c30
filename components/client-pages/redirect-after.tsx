"use client";
// Sends the client on to the agency's page a few seconds after the thank-you shows. A
// script, not a <meta http-equiv="refresh">: a timed meta refresh cannot be stopped or
// slowed by the reader (WCAG 2.2.1, axe "meta-refresh"), and the page keeps a link to the
// same address for anyone who wants to go at once or has scripts off.
import { useEffect } from "react";

export function RedirectAfter({ url, seconds }: { url: string; seconds: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(url), seconds * 1000);
    return () => window.clearTimeout(timer);
  }, [url, seconds]);
  return null;
}
