"use client";
// Keeps the embedded page working with platform sign-ins, which refuse to be shown in
// an iframe: "Grant access" opens the sign-in in a popup, and when the popup's flow
// ends on the access page it sends the embedded page to the same result and closes.
// Also tells the page hosting the iframe when the request is complete, and the height of
// the page whenever it changes, so the host can size the iframe to its content.
import { useEffect, type ReactNode } from "react";

export function PopupGrantLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // The sign-in window reports back to this page through window.opener, so it must keep it;
    // it only ever opens our own grant route, never a third-party page.
    // eslint-disable-next-line react/jsx-no-target-blank
    <a
      href={href}
      target="_blank"
      rel="opener"
      className={className}
      onClick={(event) => {
        const popup = window.open(href, "grant-access", "popup,width=520,height=720");
        if (popup) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}

/** In the sign-in popup: hand the result (`search`) to the embedded page that opened it. */
export function ReturnToOpener({ token, search }: { token: string; search: string }) {
  useEffect(() => {
    const opener = window.opener as Window | null;
    if (!opener || opener === window) return;
    try {
      const embedPath = `/embed/${encodeURIComponent(token)}`;
      if (opener.location.origin !== window.location.origin || opener.location.pathname !== embedPath) return;
      opener.location.replace(`${embedPath}${search}`);
      window.close();
    } catch {
      // The opener is another site: leave it alone.
    }
  }, [token, search]);
  return null;
}

/** In the iframe: a message to the hosting page that the client has finished. */
export function NotifyParentOfCompletion({ redirectUrl }: { redirectUrl: string | null }) {
  useEffect(() => {
    if (window.parent !== window) window.parent.postMessage({ type: "access-request.completed", redirectUrl }, "*");
  }, [redirectUrl]);
  return null;
}

/**
 * In the iframe: `{ type: "access-request.resize", height }` to the hosting page on load
 * and whenever the content's height changes (the README has the host's snippet). Sent to
 * any origin: it carries a number only, nothing about the request.
 */
export function ReportHeightToParent() {
  useEffect(() => {
    if (window.parent === window) return;
    // the page's own content: html and body are at least as tall as the frame, so
    // measuring them would let the frame grow but never shrink
    const content = document.querySelector("main") ?? document.body;
    let last = -1;
    const send = () => {
      const height = Math.ceil(content.getBoundingClientRect().bottom + window.scrollY);
      if (height === last) return;
      last = height;
      window.parent.postMessage({ type: "access-request.resize", height }, "*");
    };
    send();
    const observer = new ResizeObserver(send);
    observer.observe(content);
    return () => observer.disconnect();
  }, []);
  return null;
}
