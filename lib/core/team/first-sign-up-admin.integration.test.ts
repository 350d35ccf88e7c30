// On an installation whose only instance administrator is the seeded demo user (it was the
// first user), the first person to sign up becomes an instance administrator too, with an
// audit entry saying why; the next one does not, and is told who administers it. An
// installation with a real administrator never hands the role out.
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/infra/db/db";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { signUp } from "@/lib/core/team/sign-up";
import { ZSignUpBody } from "@/lib/core/team/schemas";
import {
  DEMO_USER_EMAIL,
  isInstanceAdmin,
  listInstanceAdmins,
  makeInstanceAdmin,
  onlyDemoAdministers,
} from "@/lib/core/instance/instance-admin";

const input = (email: string, agencyName: string) =>
  ZSignUpBody.parse({ agencyName, email, name: "Olga Owner", password: "a-long-and-unusual-passphrase-77" });

describe("the first sign-up beside the demo user", () => {
  it("becomes an instance administrator, audited; the next sign-up does not", async () => {
    const db = await getDb();
    // the demo seed ran first: its user is the installation's first user, and so its administrator
    const demoAgency = await createAgency({ name: "Demo Agency" });
    const demo = await createUser({ agencyId: demoAgency.id, email: DEMO_USER_EMAIL, password: "demo-password-123" });
    expect(await isInstanceAdmin(demo.id)).toBe(true);
    expect(await onlyDemoAdministers(db)).toBe(true);
    expect(await listInstanceAdmins()).toEqual([]);

    const first = await signUp({ input: input("owner@new-agency.test", "New Agency") });
    expect(first.created).toMatchObject({ instanceAdmin: true });
    expect(await isInstanceAdmin(first.created!.userId)).toBe(true);
    const audit = await db.auditEntry.findMany({
      where: { agencyId: first.created!.agencyId, action: "instance.admin_granted" },
    });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorEmail: "owner@new-agency.test", target: "owner@new-agency.test" });
    expect(await onlyDemoAdministers(db)).toBe(false);

    const second = await signUp({ input: input("someone@else.test", "Else Agency") });
    expect(second.created).toMatchObject({ instanceAdmin: false });
    expect(await isInstanceAdmin(second.created!.userId)).toBe(false);
    expect(await db.auditEntry.count({ where: { action: "instance.admin_granted" } })).toBe(1);
    // the refused are told who administers (the demo user left out)
    expect(await listInstanceAdmins()).toEqual(["owner@new-agency.test"]);

    // once the operator has named an administrator, nobody else gets it by signing up
    await makeInstanceAdmin({ email: "owner@new-agency.test", on: false });
    await makeInstanceAdmin({ email: "someone@else.test" });
    const third = await signUp({ input: input("third@agency.test", "Third Agency") });
    expect(third.created).toMatchObject({ instanceAdmin: false });
  });
});
