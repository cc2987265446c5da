// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { useRefreshOnChange } from "./use-refresh-on-change";

function setUp(initial: unknown) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ value }) => useRefreshOnChange(value, ["notifications"]), {
    wrapper,
    initialProps: { value: initial },
  });
  return { invalidate, rerender: (value: unknown) => hook.rerender({ value }) };
}

describe("useRefreshOnChange (the bell follows the unread counter)", () => {
  it("refetches the bell when the counter's answer changes, not while it stays the same", () => {
    const first = { pending: 0 };
    const { invalidate, rerender } = setUp(first);
    rerender(first);
    expect(invalidate).not.toHaveBeenCalled();
    rerender({ pending: 1 });
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["notifications"] });
  });

  it("does not refetch when the counter first loads", () => {
    const { invalidate, rerender } = setUp(undefined);
    rerender({ pending: 3 });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
