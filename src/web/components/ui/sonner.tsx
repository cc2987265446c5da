import { Toaster as Sonner } from "sonner";
import { useIsMobile } from "@/web/lib/use-is-mobile";

/**
 * Toasts: one visible at a time, about 5 s each (spec section 9). Variants: `toast()` (default)
 * and `toast.error()` (destructive); `toast.success()` for confirmations. At the bottom right on
 * a wide screen; on a phone across the top, under the 56 px header, so they cover neither the
 * header's buttons (bell, settings, Sair) nor a form's button at the bottom ('Salvar Dados').
 */
export function Toaster() {
  const mobile = useIsMobile();
  return (
    <Sonner
      visibleToasts={1}
      duration={5000}
      position={mobile ? "top-center" : "bottom-right"}
      offset={16}
      mobileOffset={{ top: 64, left: 12, right: 12 }}
      richColors
      closeButton
      toastOptions={{ classNames: { toast: "font-sans" } }}
    />
  );
}
