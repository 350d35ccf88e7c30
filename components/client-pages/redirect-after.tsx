// Sends the client on to the agency's page a few seconds after the thank-you shows. A
// script (public/client/redirect-after.js acts on this marker), not a <meta http-equiv="refresh">:
// a timed meta refresh cannot be stopped or slowed by the reader (WCAG 2.2.1, axe
// "meta-refresh"), and the page keeps a link to the same address for anyone who wants to go
// at once or has scripts off.
export function RedirectAfter({ url, seconds }: { url: string; seconds: number }) {
  return <span hidden data-redirect-after={url} data-seconds={seconds} />;
}
