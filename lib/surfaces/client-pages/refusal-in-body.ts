// The header the client pages' own script (public/client/enhance-form.js, which spells it out) sends
// with its JSON posts: it shows a refusal beside the fields, so an expected refusal (a
// required answer missing, a closed request) answers 200 with `ok: false` and the status in
// the body, and the browser logs no failed request for it. Other callers get the status.
export const REFUSAL_IN_BODY_HEADER = "x-refusal-in-body";
