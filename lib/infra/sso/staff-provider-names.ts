// The names of the identity providers staff can sign in with, as the dashboard shows them.
// Google and Microsoft here are identity providers for the agency's own people, not the
// platforms a client grants (those live in lib/infra/connectors/<platform>/): this folder is
// where their names belong. Kept apart from staff-providers.ts, which reads the database,
// so that client components can say which providers there are.
export const STAFF_PROVIDER_NAMES = { google: "Google", microsoft: "Microsoft" } as const;

/** "Google, Microsoft or <last>", for the sentences that list the ways staff sign in. */
export function staffProvidersInWords(last: string): string {
  return `${Object.values(STAFF_PROVIDER_NAMES).join(", ")} or ${last}`;
}
