// Client pages: "Print" (from which "Save as PDF"). The button is hidden until this script
// shows it, so with scripts off the page offers no button that does nothing.
(function () {
  function show() {
    var buttons = document.querySelectorAll("[data-print-page]");
    for (var i = 0; i < buttons.length; i++) buttons[i].hidden = false;
  }
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target && target.closest && target.closest("[data-print-page]")) window.print();
  });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", show);
  else show();
})();
