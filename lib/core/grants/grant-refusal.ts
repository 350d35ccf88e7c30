// Why a grant was refused before or after the platform call, as a fixed code. The client
// pages turn each code into their own page error (`AccessPageError`); the core only says
// which rule stopped the grant.

export type GrantRefusalCode =
  "closed" | "not_allowed" | "no_assets" | "unavailable" | "sign_in_expired" | "sign_in_used";

export class GrantRefusal extends Error {
  constructor(readonly code: GrantRefusalCode) {
    super(code);
    this.name = "GrantRefusal";
  }
}
