/**
 * Runs `prefetch` once, at the visitor's first pointer or key on the page: what the first screen
 * does not need but the next action may (sonner's toasts, the error texts) comes while the visitor
 * reads, not with the first screen (decision 042).
 */
export function onFirstTouch(prefetch: () => void) {
  // Nothing to wait for outside a page (node, in the tests of modules that import it).
  if (typeof addEventListener !== "function") return;
  const events = ["pointerdown", "keydown"] as const;
  const once = () => {
    for (const event of events) removeEventListener(event, once, true);
    prefetch();
  };
  for (const event of events) addEventListener(event, once, { capture: true, passive: true });
}
