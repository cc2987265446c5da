import { lazy, Suspense, useEffect, useState } from "react";

type Toast = { kind: "success" | "error"; text: string };

const queue: Toast[] = [];
let wake: (() => void) | null = null;

/**
 * The app's toasts (`components/ui/sonner.tsx`), fetched with the first one: the sign-in form
 * shows one only after 'Reenviar email de confirmação'.
 */
export function showToast(kind: Toast["kind"], text: string) {
  queue.push({ kind, text });
  wake?.();
}

const LoadedToaster = lazy(async () => {
  const [{ Toaster }, { toast }] = await Promise.all([
    import("../components/ui/sonner"),
    import("sonner"),
  ]);
  function Loaded() {
    // After the Toaster's own effects (children first): it listens by now.
    useEffect(() => {
      const send = () => {
        for (const next of queue.splice(0)) toast[next.kind](next.text);
      };
      wake = send;
      send();
      return () => {
        wake = null;
      };
    }, []);
    return <Toaster />;
  }
  return { default: Loaded };
});

export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (wanted) return;
    wake = () => setWanted(true);
    if (queue.length > 0) setWanted(true);
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <LoadedToaster />
    </Suspense>
  ) : null;
}
