import { Toaster as Sonner } from "sonner";

/**
 * Toasts: one visible at a time, about 5 s each (spec section 9). Variants: `toast()` (default)
 * and `toast.error()` (destructive); `toast.success()` for confirmations.
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="top-right"
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
    />
  );
}
