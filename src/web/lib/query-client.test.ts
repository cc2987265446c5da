import { describe, expect, it } from "vitest";
import { createQueryClient } from "./query-client";

/** Runs a mutation named `key` through the client's mutation cache, as `useMutation` does. */
function run(client: ReturnType<typeof createQueryClient>, key: string[], fail = false) {
  const mutation = client.getMutationCache().build(client, {
    mutationKey: key,
    mutationFn: async () => {
      if (fail) throw new Error("refused");
      return "done";
    },
  });
  return mutation.execute(undefined).catch(() => undefined);
}

const stale = (client: ReturnType<typeof createQueryClient>, key: string[]) =>
  client.getQueryState(key)?.isInvalidated;

describe("cross-feature invalidation", () => {
  it("marks another feature's queries stale after the mutations its row names", async () => {
    const client = createQueryClient([
      { after: [["stamps", "add"]], invalidate: [["cards"], ["reports"]] },
    ]);
    for (const key of [["cards", "list"], ["reports", "dashboard"], ["customers"]]) {
      client.setQueryData(key, 1);
    }

    await run(client, ["stamps", "other"]);
    expect(stale(client, ["cards", "list"])).toBe(false);

    await run(client, ["stamps", "add"]);
    expect(stale(client, ["cards", "list"])).toBe(true);
    expect(stale(client, ["reports", "dashboard"])).toBe(true);
    expect(stale(client, ["customers"])).toBe(false);
  });

  it("refreshes after a failure only for rows marked `settled`", async () => {
    const client = createQueryClient([
      { after: [["messages", "reply"]], invalidate: [["notifications"]], settled: true },
      { after: [["cards", "redeem"]], invalidate: [["customers"]] },
    ]);
    client.setQueryData(["notifications"], 1);
    client.setQueryData(["customers"], 1);

    await run(client, ["cards", "redeem"], true);
    expect(stale(client, ["customers"])).toBe(false);

    await run(client, ["messages", "reply"], true);
    expect(stale(client, ["notifications"])).toBe(true);
  });
});
