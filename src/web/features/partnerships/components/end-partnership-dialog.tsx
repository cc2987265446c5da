import type { Partnership } from "@shared/partnerships.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { useEndPartnership } from "../api";

/** 'Encerrar' asks first ('Esta ação não pode ser desfeita'), then ends it for both companies. */
export function EndPartnershipDialog({ partnership }: { partnership: Partnership }) {
  const { t } = useTranslation("partnerships");
  const [open, setOpen] = useState(false);
  const end = useEndPartnership();
  const name = partnership.partner.name;

  // Closed first (the ended partnership leaves the list with this button), and the promise rather
  // than mutate's callbacks, which an unmounted component would not run.
  const confirm = () => {
    setOpen(false);
    return end.mutateAsync(partnership.id).then(
      () => toast.success(t("active.ended")),
      (error: unknown) => toast.error(t("active.endError"), { description: errorMessage(error) }),
    );
  };

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogTrigger asChild>
        <Button type="button" size="sm" variant="outline" disabled={end.isPending}>
          {t("active.end")}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>{t("active.endTitle", { name })}</AlertDialogTitle>
        <AlertDialogDescription>{t("active.endBody")}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {t("active.endBack")}
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" onClick={confirm} disabled={end.isPending}>
            {t("active.endConfirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
