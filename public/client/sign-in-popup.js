// Client pages: the embedded page's platform sign-in in a popup (platforms refuse to be
// framed), and, in that popup, the result handed back to the embedded page that opened it.
// Without this script the sign-in opens in a new tab and the flow ends there.
(function () {
  document.addEventListener("click", function (event) {
    var link = event.target instanceof Element ? event.target.closest("a[data-sign-in-popup]") : null;
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    if (window.open(link.href, "grant-access", "popup,width=520,height=720")) event.preventDefault();
  });

  var marker = document.querySelector("[data-return-to-opener]");
  var opener = window.opener;
  if (!marker || !opener || opener === window) return;
  try {
    var embedPath = marker.getAttribute("data-return-to-opener");
    if (opener.location.origin !== window.location.origin || opener.location.pathname !== embedPath) return;
    opener.location.replace(embedPath + marker.getAttribute("data-search"));
    window.close();
  } catch {
    // The opener is another site: leave it alone.
  }
})();
