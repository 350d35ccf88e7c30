// Client pages, in the embed's iframe: tells the hosting page the content's height on load
// and whenever it changes ({ type: "access-request.resize", height }), and that the client
// has finished ({ type: "access-request.completed", redirectUrl }). Sent to any origin:
// they carry nothing about the request.
(function () {
  if (window.parent === window) return;
  var done = document.querySelector("[data-notify-completion]");
  if (done)
    window.parent.postMessage(
      { type: "access-request.completed", redirectUrl: done.getAttribute("data-redirect-url") },
      "*",
    );
  if (!document.querySelector("[data-report-height]")) return;
  // the page's own content: html and body are at least as tall as the frame, so
  // measuring them would let the frame grow but never shrink
  var content = document.querySelector("main") || document.body;
  var last = -1;
  function send() {
    var height = Math.ceil(content.getBoundingClientRect().bottom + window.scrollY);
    if (height === last) return;
    last = height;
    window.parent.postMessage({ type: "access-request.resize", height: height }, "*");
  }
  send();
  new ResizeObserver(send).observe(content);
})();
