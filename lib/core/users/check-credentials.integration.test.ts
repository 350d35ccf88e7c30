// The sign-in throttle against a real database: waits grow per (account, address) pair
// instead of locking the account for everyone; a success clears the pair; one address
// spraying many accounts is capped; unknown emails answer like wrong passwords.
import { describe, expect, it } from "vitest";
import { createAgency } from "@/lib/core/agencies/create-agency";
import { createUser } from "@/lib/core/users/create-user";
import { checkCredentials, failureDelaySeconds, LOGIN_THROTTLE } from "@/lib/core/users/check-credentials";

let n = 0;
async function account(password = "the-right-password") {
  const agency = await createAgency({ name: "Throttle Co" });
  const email = `throttle-${++n}-${Date.now()}@example.com`;
  await createUser({ agencyId: agency.id, email, password });
  return { email, password };
}

describe("sign-in throttle", () => {
  it("doubles the wait per (account, address) pair after the free failures", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((f) => failureDelaySeconds(f, 3, 900))).toEqual([0, 0, 0, 1, 2, 4, 8]);
    expect(failureDelaySeconds(40, 3, 900)).toBe(900);
  });

  it("makes the guessing address wait, growing, while the owner's own address still gets in", async () => {
    const { email, password } = await account();
    const attacker = "198.51.100.7";
    const waits: number[] = [];
    for (let i = 0; i < LOGIN_THROTTLE.pairFreeFailures; i++) {
      const res = await checkCredentials({ email, password: `guess-${i}`, address: attacker });
      expect(res).toMatchObject({ ok: false, reason: "invalid" });
      if (!res.ok) waits.push(res.retryAfterSeconds);
    }
    expect(waits).toEqual([0, 0, 1]);
    // while the wait runs even the right password is not checked from that address
    const blocked = await checkCredentials({ email, password, address: attacker });
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    // no hard lock for everyone: the owner from another address signs in
    const owner = await checkCredentials({ email: email.toUpperCase(), password, address: "192.0.2.10" });
    expect(owner.ok).toBe(true);
  });

  it("clears a pair's failures on success", async () => {
    const { email, password } = await account();
    const address = "192.0.2.20";
    for (let i = 0; i < LOGIN_THROTTLE.pairFreeFailures - 1; i++)
      await checkCredentials({ email, password: `nope-${i}`, address });
    expect((await checkCredentials({ email, password, address })).ok).toBe(true);
    // the count starts again: the next failures are free
    const res = await checkCredentials({ email, password: "nope-again", address });
    expect(res).toMatchObject({ ok: false, reason: "invalid", retryAfterSeconds: 0 });
  });

  it("answers an unknown email like a wrong password, and caps one address's failures over all accounts", async () => {
    const address = "203.0.113.200";
    const unknown = await checkCredentials({
      email: `nobody-${Date.now()}@example.com`,
      password: "whatever-pw",
      address,
    });
    expect(unknown).toMatchObject({ ok: false, reason: "invalid" });
    const saved = LOGIN_THROTTLE.addressFailures;
    LOGIN_THROTTLE.addressFailures = 4;
    try {
      for (let i = 0; i < 4; i++)
        await checkCredentials({ email: `spray-${i}-${Date.now()}@example.com`, password: "whatever-pw", address });
      const { email, password } = await account();
      expect(await checkCredentials({ email, password, address })).toMatchObject({ ok: false, reason: "throttled" });
      expect((await checkCredentials({ email, password, address: "203.0.113.201" })).ok).toBe(true);
    } finally {
      LOGIN_THROTTLE.addressFailures = saved;
    }
  });
});
