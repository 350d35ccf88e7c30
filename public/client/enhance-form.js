// Client pages: forms marked data-enhance post with fetch and show the server's refusals
// beside the fields, in the client's language, keeping what was typed. An expected refusal
// comes back as 200 with ok: false (header x-refusal-in-body), so the browser logs no
// failed request. On network trouble the form falls back to its plain post.
(function () {
  function showErrors(form, error) {
    form.querySelectorAll("[data-error-for]").forEach(function (el) {
      el.textContent = "";
    });
    form.querySelectorAll("[aria-invalid]").forEach(function (el) {
      el.removeAttribute("aria-invalid");
    });
    var first = null;
    var fields = error.fields || {};
    Object.keys(fields).forEach(function (name) {
      var slot = form.querySelector('[data-error-for="' + CSS.escape(name) + '"]');
      if (slot) slot.textContent = fields[name];
      form.querySelectorAll('[name="' + CSS.escape(name) + '"]').forEach(function (input) {
        input.setAttribute("aria-invalid", "true");
        first = first || input;
      });
    });
    var summary = form.querySelector("[data-form-error]");
    if (summary) summary.textContent = error.message || "";
    var target = first || summary;
    if (target) target.focus();
  }

  document.querySelectorAll("form[data-enhance]").forEach(function (form) {
    // the server's messages are in the client's language; the browser's own would not be
    form.noValidate = true;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (form.getAttribute("aria-busy") === "true") return;
      form.setAttribute("aria-busy", "true");
      var body = new URLSearchParams();
      new FormData(form).forEach(function (v, k) {
        if (typeof v === "string") body.append(k, v);
      });
      fetch(form.action, {
        method: "POST",
        headers: { accept: "application/json", "x-refusal-in-body": "1" },
        body: body,
      })
        .then(function (res) {
          return res.json();
        })
        .then(
          function (answer) {
            if (answer.ok && answer.location) return window.location.assign(answer.location);
            var error = answer.error || {};
            if (error.fields && Object.keys(error.fields).length > 0) showErrors(form, error);
            else if (answer.location) return window.location.assign(answer.location);
            else showErrors(form, error);
            form.setAttribute("aria-busy", "false");
          },
          function () {
            form.submit();
          },
        );
    });
  });
})();
