import { Toaster as Sonner } from "sonner";

/**
 * Toasts: one visible at a time, about 5 s each (spec section 9). Variants: `toast()` (default)
 * and `toast.error()` (destructive); `toast.success()` for confirmations. At the bottom right
 * (across the bottom on phones), so they never cover the header's buttons (bell, settings, Sair).
 */
export function Toaster() {
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position="bottom-right"
      offset={16}
      mobileOffset={{ bottom: 12, left: 12, right: 12 }}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
    />
  );
}
