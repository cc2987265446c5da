import { MeSchema, PasswordResetDoneSchema } from "@shared/auth.schema";
import { TwoFactorChallengeSchema } from "@shared/security.schema";
import { describe, expect, it } from "vitest";
import { parseMe, parsePasswordResetDone, twoFactorChallengeOf } from "./answers";

const OWNER = {
  user: { id: "u1", email: "dono@cafe.com.br", emailVerified: true },
  profile: {
    id: "p1",
    role: "admin",
    name: "Dono",
    email: "dono@cafe.com.br",
    phone: null,
    city: "Campinas",
    state: "SP",
    birthDate: null,
    origin: null,
  },
  company: {
    id: "c1",
    tradeName: "Café",
    email: null,
    phone: "(19) 3333-4444",
    city: "Campinas",
    state: "SP",
    sector: null,
    logoUrl: null,
    subscriptionActive: false,
    trialEndsAt: "2026-12-27T12:00:00.000Z",
    planStatus: "trial",
    plan: null,
    defaultMaxStamps: 10,
    closedAt: null,
  },
  member: { role: "owner", locationId: null, home: "/dashboard" },
  deletionDueAt: null,
};
const CUSTOMER = {
  ...OWNER,
  profile: { ...OWNER.profile, role: "customer", birthDate: "1990-05-01", origin: "site" },
  company: null,
  member: null,
  deletionDueAt: "2026-12-01T00:00:00.000Z",
};

type Json = Record<string, unknown>;
/** `value` with `path`'s field set to `to` (undefined: removed). */
function changed(value: Json, path: string[], to: unknown): Json {
  const [key, ...rest] = path as [string, ...string[]];
  const copy = { ...value };
  if (rest.length > 0) copy[key] = changed(copy[key] as Json, rest, to);
  else if (to === undefined) delete copy[key];
  else copy[key] = to;
  return copy;
}
/** Every field's path in `value`, nested ones too. */
const paths = (value: Json, prefix: string[] = []): string[][] =>
  Object.entries(value).flatMap(([key, field]) =>
    typeof field === "object" && field !== null
      ? [[...prefix, key], ...paths(field as Json, [...prefix, key])]
      : [[...prefix, key]],
  );

/** What the schema says of `value`: its output, or that it refused it. */
const bySchema = (value: unknown) => {
  const result = MeSchema.safeParse(value);
  return result.success ? result.data : "refused";
};
const byHand = (value: unknown) => {
  try {
    return parseMe(value);
  } catch {
    return "refused";
  }
};

describe("the session's answers read without zod (decision 042)", () => {
  it("read an owner and a customer as MeSchema does, leaving out fields it does not know", () => {
    for (const me of [
      OWNER,
      CUSTOMER,
      { ...OWNER, extra: 1 },
      changed(OWNER, ["company", "x"], 2),
    ]) {
      expect(byHand(me)).toEqual(bySchema(me));
      expect(byHand(me)).not.toBe("refused");
    }
  });

  it("refuse what MeSchema refuses: each field missing, null, of another type, or out of its list", () => {
    const wrongs: unknown[] = [undefined, null, 1.5, 7, "text", true, [], {}, "other"];
    let refused = 0;
    for (const me of [OWNER, CUSTOMER]) {
      for (const path of paths(me)) {
        for (const wrong of wrongs) {
          const value = changed(me, path, wrong);
          expect(byHand(value), `${path.join(".")} = ${JSON.stringify(wrong)}`).toEqual(
            bySchema(value),
          );
          if (bySchema(value) === "refused") refused += 1;
        }
      }
    }
    expect(refused).toBeGreaterThan(300);
    for (const value of [null, undefined, "me", [], 1]) {
      expect(byHand(value)).toBe("refused");
      expect(bySchema(value)).toBe("refused");
    }
  });

  it("tell a two-factor challenge and a password reset's answer as their schemas do", () => {
    for (const value of [
      { twoFactorRequired: true },
      { twoFactorRequired: true, more: 1 },
      { twoFactorRequired: false },
      { twoFactorRequired: "true" },
      OWNER,
      null,
      [],
    ]) {
      const schema = TwoFactorChallengeSchema.safeParse(value);
      expect(twoFactorChallengeOf(value)).toEqual(schema.success ? schema.data : null);
    }
    for (const value of [
      { role: "admin" },
      { role: "customer", x: 1 },
      { role: "owner" },
      {},
      null,
    ]) {
      const schema = PasswordResetDoneSchema.safeParse(value);
      const hand = (() => {
        try {
          return parsePasswordResetDone(value);
        } catch {
          return "refused";
        }
      })();
      expect(hand).toEqual(schema.success ? schema.data : "refused");
    }
  });
});
