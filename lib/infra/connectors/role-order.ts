// Which platform role includes which, for "a grant never leaves the agency with less access
// than it had". Each platform writes its order beside its role mapping (<platform>-roles.ts)
// as chains from the strongest role down; a role includes itself and every role after it in
// any chain it heads or sits in. Roles in no common chain are unrelated (neither includes
// the other: Pinterest's FINANCE_MANAGER and CAMPAIGN_MANAGER).

/** Chains, strongest first: `[["ADMIN", "OPERATOR", "ANALYST"]]`. */
export type RoleOrder = readonly (readonly string[])[];

/** Whether holding `held` gives at least what `wanted` gives. */
export function roleIncludes(order: RoleOrder, held: string, wanted: string): boolean {
  if (held === wanted) return true;
  return order.some((chain) => {
    const h = chain.indexOf(held);
    const w = chain.indexOf(wanted);
    return h >= 0 && w >= 0 && h < w;
  });
}

/** Whether any of the held roles includes `wanted`. */
export function anyIncludes(order: RoleOrder, held: readonly string[], wanted: string): boolean {
  return held.some((h) => roleIncludes(order, h, wanted));
}
