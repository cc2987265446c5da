import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "@/web/lib/api-client";
import { customerCardKeys } from "./keys";

/** Polling period while the customer may be at the counter: a stamp shows within 2 seconds. */
export const LIVE_POLL_MS = 1_000;
/** After this long without a change or a return to the page, poll slowly. */
export const LIVE_FAST_WINDOW_MS = 10 * 60_000;
export const LIVE_SLOW_POLL_MS = 15_000;

/** Not under customerCardKeys.all: refetching the cards must not refetch the fingerprint. */
const versionKey = ["customer-cards-version"] as const;

/**
 * The customer's cards, live (decision 031): while the page is visible, the fingerprint of their
 * open cards (GET /api/me/cards/version, one indexed read) is polled every second, and when it
 * changes (a stamp, a completion, a redemption) the cards are fetched again, so the card page
 * shows the stamp, and its celebration plays, within 2 seconds without a reload. Ten minutes
 * after the page was opened, shown again or last changed, it polls every 15 seconds; hidden, not
 * at all (TanStack Query's refetchInterval stops in the background and refetches on focus).
 */
export function useLiveCards() {
  const queryClient = useQueryClient();
  const activeSince = useRef(Date.now());
  const seen = useRef<string | null>(null);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === "visible") activeSince.current = Date.now();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, []);

  const version = useQuery({
    queryKey: versionKey,
    queryFn: ({ signal }) => api.get("/api/me/cards/version", { signal }),
    staleTime: 0,
    refetchOnWindowFocus: "always",
    refetchInterval: () =>
      Date.now() - activeSince.current < LIVE_FAST_WINDOW_MS ? LIVE_POLL_MS : LIVE_SLOW_POLL_MS,
  }).data?.version;

  useEffect(() => {
    if (version === undefined) return;
    if (seen.current !== null && seen.current !== version) {
      activeSince.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: customerCardKeys.all });
    }
    seen.current = version;
  }, [version, queryClient]);
}
