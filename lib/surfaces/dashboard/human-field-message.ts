// The API's field messages name the field ("email must be an email address.") because an
// API caller reads them without a form. Next to a labelled field in the dashboard that
// reads oddly; this says the same thing to a person ("Enter a valid email address.").
const SPECIFIC: [RegExp, string][] = [
  [/must be an email address/i, "Enter a valid email address."],
  [/absolute http\(s\) url/i, "Enter a full web address, starting with https://."],
  [/^[\w.[\]]+ is required\.?$/i, "This is required."],
  [
    /granted by the client following steps that name the agency's account/i,
    "The client's steps for this service name your agency's account: choose one of your connected accounts for it (or connect one on the Accounts page).",
  ],
  [
    /invites the agency's account, and where \w+ is not set up the client's steps name it/i,
    "This service invites your agency's account: choose one of your connected accounts for it (or connect one on the Accounts page).",
  ],
  [/^[\w.[\]]+ must not be empty\.?$/i, "This cannot be empty."],
];

export function humanFieldMessage(message: string): string {
  for (const [pattern, text] of SPECIFIC) if (pattern.test(message)) return text;
  // "name must be at most 200 characters." → "Must be at most 200 characters."
  const named = /^[a-z][\w.[\]]*\s+(must|is|has|should|cannot)\s+(.*)$/s.exec(message);
  if (named && /[a-z][A-Z]|^[a-z]+(\.|$)/.test(message.split(" ")[0]!)) {
    const rest = `${named[1]} ${named[2]}`;
    return rest.charAt(0).toUpperCase() + rest.slice(1);
  }
  return message;
}
