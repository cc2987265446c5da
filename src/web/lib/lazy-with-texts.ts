import { type ComponentType, lazy, useRef, useState } from "react";
import { loadNamespaces, type Namespace } from "./i18n";

/**
 * A component fetched the first time it renders, together with the texts it reads (loaded before
 * it shows: no key on screen): a closed dialog's content, a form opened on demand (decision 042).
 * Render it inside a `<Suspense>` of its own (fallback: nothing, or a spinner in place), or the
 * page's whole-screen spinner shows while it loads.
 */
export function lazyWithTexts<P extends object>(
  load: () => Promise<ComponentType<P>>,
  namespaces: readonly Namespace[],
) {
  return lazy(async () => {
    const [component] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { default: component };
  });
}

/**
 * The trigger of a dialog whose content is lazily loaded (`lazyWithTexts`): the button is plain,
 * so Radix's Dialog is fetched with the content on the first click. It is announced and gets the
 * focus back on close as Radix's `DialogTrigger` would do.
 */
export function useDialogTrigger() {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return {
    open,
    setOpen,
    /** Spread on the trigger button. */
    triggerProps: {
      ref: trigger,
      type: "button" as const,
      "aria-haspopup": "dialog" as const,
      "aria-expanded": open,
      "data-state": open ? "open" : "closed",
      onClick: () => setOpen(true),
    },
    /** `DialogContent`'s `onCloseAutoFocus`: the focus goes back to the trigger. */
    onCloseAutoFocus: (event: Event) => {
      event.preventDefault();
      trigger.current?.focus();
    },
  };
}
