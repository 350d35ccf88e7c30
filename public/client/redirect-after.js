// Client pages: the thank-you's redirect to the agency's page after a few seconds.
(function () {
  var marker = document.querySelector("[data-redirect-after]");
  if (!marker) return;
  var url = marker.getAttribute("data-redirect-after");
  window.setTimeout(
    function () {
      window.location.assign(url);
    },
    Number(marker.getAttribute("data-seconds")) * 1000,
  );
})();
