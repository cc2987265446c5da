import type { QueryKey } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { lazyWithTexts, useDialogTrigger } from "@/web/lib/lazy-with-texts";
import type { AddStampDialogProps, AddStampSources } from "./add-stamp-dialog-content";

/** The dialog itself, its form and their texts: fetched on the first click (decision 042). */
const AddStampDialogContent = lazyWithTexts(
  () => import("./add-stamp-dialog-content").then((m) => m.AddStampDialogContent),
  ["stamps", "errors", "validation"],
);

type Props<S extends QueryKey, P extends QueryKey> = Omit<AddStampDialogProps<S, P>, "sources"> & {
  /**
   * What the dialog reads from other features (their query options), fetched with the dialog on
   * the first click: the customers' and programmes' API modules stay off the first screen.
   */
  loadSources: () => Promise<AddStampSources<S, P>>;
};

/** The dashboard's 'Adicionar Carimbo': find the customer, choose the card and how it was earned. */
export function AddStampDialog<S extends QueryKey, P extends QueryKey>({
  loadSources,
  ...props
}: Props<S, P>) {
  const { t } = useTranslation("stamps");
  const { open, setOpen, triggerProps, onCloseAutoFocus } = useDialogTrigger();
  const [sources, setSources] = useState<AddStampSources<S, P> | null>(null);
  const [loading, setLoading] = useState(false);
  return (
    <>
      <Button
        {...triggerProps}
        onClick={() => {
          if (!sources && !loading) {
            setLoading(true);
            loadSources().then(setSources, () => setLoading(false));
          }
          triggerProps.onClick();
        }}
      >
        <Plus aria-hidden="true" />
        {t("open")}
      </Button>
      {open && sources ? (
        <Suspense fallback={null}>
          <AddStampDialogContent
            // The content is not generic: its query options are used as they are.
            {...(props as unknown as Omit<AddStampDialogProps, "sources">)}
            sources={sources as unknown as AddStampSources}
            open
            onOpenChange={setOpen}
            onCloseAutoFocus={onCloseAutoFocus}
          />
        </Suspense>
      ) : null}
    </>
  );
}
