// The shape of a platform's setup notes for the instance's Platforms page (what the operator
// registers on the platform's side, the credentials, the callbacks), and the helpers each
// platform's `<platform>-setup.ts` writes them with.
export type SetupField = {
  /** the environment variable; also the key under which a saved value is kept */
  key: string;
  label: string;
  secret: boolean;
  required: boolean;
  hint?: string;
};

export type PlatformSetup = {
  platform: string;
  name: string;
  fields: SetupField[];
  /** the paths of this installation's OAuth callbacks (joined to APP_URL by the page), and who signs in there */
  redirectPaths: { path: string; use: string }[];
  scopes: string[];
  /** how the scopes are to be configured, where the platform distinguishes kinds of scopes */
  scopeNote?: string;
  products: string[];
  review: string;
  consoleUrl?: string;
  reviewDocsUrl?: string;
};

export const CALLBACKS = [
  { path: "/api/access/callback", use: "Clients granting access" },
  { path: "/api/dashboard/accounts/connect/callback", use: "Your agencies connecting their accounts" },
];
export const field = (key: string, label: string, secret: boolean, required = true, hint?: string): SetupField => ({
  key,
  label,
  secret,
  required,
  ...(hint ? { hint } : {}),
});

/** A platform's setup notes, without its id (the registry's key). */
export type PlatformSetupNotes = Omit<PlatformSetup, "platform">;
