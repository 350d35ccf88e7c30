// Dashboard team roles and what each may do. Viewer reads only; Member creates and manages
// requests and clients; Manager also connected accounts, intake form, branding, static
// link and webhooks; Owner also API keys, plan, team and removing the demo data. Checked on the server for every
// action and route.
export const ROLES = ["owner", "manager", "member", "viewer"] as const;
export type Role = (typeof ROLES)[number];

/** How a role is written for people (never the stored value). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  manager: "Manager",
  member: "Member",
  viewer: "Viewer",
};

export function roleName(role: string): string {
  return (ROLE_LABELS as Record<string, string>)[role] ?? role;
}

const RANK: Record<Role, number> = { viewer: 0, member: 1, manager: 2, owner: 3 };

export const PERMISSIONS = {
  read: "viewer",
  "requests:write": "member",
  "clients:write": "member",
  "clients:delete": "manager",
  "accounts:write": "manager",
  "intake:write": "manager",
  "branding:write": "manager",
  "webhooks:write": "manager",
  "keys:write": "owner",
  "plan:write": "owner",
  "team:write": "owner",
  "audit:read": "owner",
  "demo:delete": "owner",
} as const satisfies Record<string, Role>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return RANK[role] >= RANK[PERMISSIONS[permission]];
}

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}
