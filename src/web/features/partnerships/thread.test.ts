import type { PartnerMessage } from "@shared/partnerships.schema";
import { describe, expect, it } from "vitest";
import { mergeMessages, pollAfter } from "./thread";

const message = (id: string, minute: number, fromMe: boolean, read = true): PartnerMessage => ({
  id,
  body: id,
  fromMe,
  senderCompanyId: fromMe ? "me" : "partner",
  createdAt: `2030-01-01T10:${String(minute).padStart(2, "0")}:00.000Z`,
  readAt: read ? "2030-01-01T11:00:00.000Z" : null,
});

describe("the open conversation's polling", () => {
  it("asks after the last message when every own message was read", () => {
    expect(pollAfter([message("a", 1, false), message("b", 2, true)])).toBe("b");
    expect(pollAfter([])).toBeUndefined();
  });

  it("asks again from before the oldest own message still 'nova', to see it become 'lida'", () => {
    const thread = [
      message("a", 1, false),
      message("b", 2, true, false),
      message("c", 3, true, false),
    ];
    expect(pollAfter(thread)).toBe("a");
    expect(pollAfter(thread.slice(1))).toBeUndefined();
  });

  it("replaces messages received again, appends new ones oldest first, keeps the rest", () => {
    const shown = [message("a", 1, true, false), message("b", 3, true, false)];
    const merged = mergeMessages(shown, [message("a", 1, true), message("c", 2, false)]);
    expect(merged.map((m) => m.id)).toEqual(["a", "c", "b"]);
    expect(merged[0]!.readAt).not.toBeNull();
  });
});
