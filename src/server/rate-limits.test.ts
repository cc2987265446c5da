import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Database } from "./db/client";
import { hitRateLimit, hitRateLimits } from "./rate-limits";
import { openTestDatabase } from "./test/databases";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(inject("pgliteTemplatePath"));
});
afterAll(async () => {
  await database?.close();
});

const rule = { bucket: "test", max: 2, windowSeconds: 60 };

describe("hitRateLimits", () => {
  it("answers as one hitRateLimit per key would, a repeated key counting each time", async () => {
    const { db } = database;
    await hitRateLimit(db, "k:b", rule);
    const keys = ["k:a", "k:b", "k:a", "k:c", "k:a", "k:b"];
    expect(await hitRateLimits(db, keys, rule)).toEqual([true, true, true, true, false, false]);
    // The same keys one by one, on a fresh set.
    const fresh = keys.map((k) => k.replace("k:", "s:"));
    await hitRateLimit(db, "s:b", rule);
    const oneByOne: boolean[] = [];
    for (const key of fresh) oneByOne.push(await hitRateLimit(db, key, rule));
    expect(oneByOne).toEqual([true, true, true, true, false, false]);
    expect(await hitRateLimits(db, [], rule)).toEqual([]);
  });

  it("starts a new window once the last one ended", async () => {
    const { db } = database;
    expect(await hitRateLimits(db, ["w:a", "w:a", "w:a"], rule)).toEqual([true, true, false]);
    await db.execute(
      sql`update rate_limits set window_started_at = now() - interval '2 minutes' where key = 'w:a'`,
    );
    expect(await hitRateLimits(db, ["w:a"], rule)).toEqual([true]);
  });
});
