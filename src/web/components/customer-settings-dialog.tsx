import type { Language } from "@shared/languages";
import { Settings } from "lucide-react";
import { type ReactNode, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";
import type { Theme } from "@/web/lib/theme";
import { Button } from "./ui/button";

/** The dialog and Radix's Dialog: fetched on the first tap, not with the first screen (issue 35). */
const CustomerSettingsDialogContent = lazyWithTexts(
  () => import("./customer-settings-dialog-content").then((m) => m.CustomerSettingsDialogContent),
  ["customer"],
);

/**
 * The customer's settings: theme claro/escuro and language pt/en, applied at once, and the way to
 * 'Meus dados' (the LGPD's rights, issue 34).
 */
export function CustomerSettingsDialog({
  onChange,
  children,
}: {
  /** Keeps the choice for the user (the route saves it on the server). */
  onChange?: (appearance: { theme: Theme; language: Language }) => void;
  /**
   * More sections under theme and language (the route composes them: 'Comunicações'), rendered
   * only while the dialog is open: a lazily loaded component keeps their code off the first screen.
   */
  children?: ReactNode;
}) {
  const { t } = useTranslation("customer");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps} variant="outline">
        <Settings aria-hidden="true" />
        {t("settings.open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <CustomerSettingsDialogContent
            onChange={onChange}
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          >
            {children}
          </CustomerSettingsDialogContent>
        </Suspense>
      ) : null}
    </>
  );
}
