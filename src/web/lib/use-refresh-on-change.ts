import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Refetches the queries under `queryKey` whenever `value` changes from one defined value to
 * another: one query's poll drives another's (the panel's bell follows the unread counter's
 * 30-second poll, so a new message shows in the badge and in the bell together). `value` should
 * keep its identity while its content is the same, as TanStack Query's `data` does.
 */
export function useRefreshOnChange(value: unknown, queryKey: QueryKey) {
  const client = useQueryClient();
  const previous = useRef(value);
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    const before = previous.current;
    previous.current = value;
    if (before === undefined || value === undefined || before === value) return;
    void client.invalidateQueries({ queryKey: JSON.parse(key) as QueryKey });
  }, [value, key, client]);
}
