import type { QueryKey } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";
import type { AddStampDialogProps } from "./add-stamp-dialog-content";

/** The dialog itself, its form and their texts: fetched on the first click (decision 042). */
const AddStampDialogContent = lazyWithTexts(
  () => import("./add-stamp-dialog-content").then((m) => m.AddStampDialogContent),
  ["stamps", "errors", "validation"],
);

/** The dashboard's 'Adicionar Carimbo': find the customer, choose the card and how it was earned. */
export function AddStampDialog<S extends QueryKey, P extends QueryKey>(
  props: AddStampDialogProps<S, P>,
) {
  const { t } = useTranslation("stamps");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  return (
    <>
      <Button {...triggerProps}>
        <Plus aria-hidden="true" />
        {t("open")}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <AddStampDialogContent
            // The content is not generic: its query options are used as they are.
            {...(props as unknown as AddStampDialogProps)}
            open
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
