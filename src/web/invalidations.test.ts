import { describe, expect, it } from "vitest";
import { notificationKeys } from "./features/notifications/keys";
import { settingsMutations } from "./features/settings/keys";
import { CROSS_FEATURE_INVALIDATIONS } from "./invalidations";
import { createQueryClient } from "./lib/query-client";

describe("the app's invalidation table", () => {
  it("refreshes the bell once the bell's switches are saved in /configuracoes", async () => {
    const client = createQueryClient(CROSS_FEATURE_INVALIDATIONS);
    client.setQueryData(notificationKeys.company(), { items: [], unread: 0, muted: true });
    const save = (name: string) =>
      client
        .getMutationCache()
        .build(client, {
          mutationKey: settingsMutations.saveSection(name),
          mutationFn: async () => "saved",
        })
        .execute(undefined);

    await save("promotion");
    expect(client.getQueryState(notificationKeys.company())?.isInvalidated).toBe(false);
    await save("notifications");
    expect(client.getQueryState(notificationKeys.company())?.isInvalidated).toBe(true);
  });
});
