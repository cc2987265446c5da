import { LogOut } from "lucide-react";
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
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useLeaveProgramme } from "../api";

/**
 * 'Sair do programa de <empresa>': says exactly what the company keeps and what goes before the
 * membership ends (the company then leaves 'Quem tem meus dados').
 */
export function LeaveProgrammeDialog({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const { t } = useTranslation("privacy");
  const [open, setOpen] = useState(false);
  const leave = useLeaveProgramme();
  const values = { company: companyName };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) leave.reset();
      }}
    >
      <AlertDialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="h-auto min-h-9 whitespace-normal text-left"
        >
          <LogOut aria-hidden="true" />
          {t("holders.leave", values)}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle className="break-words">{t("leave.title", values)}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="grid gap-2">
            <p>{t("leave.intro")}</p>
            <ul className="grid list-disc gap-1 pl-5">
              <li>{t("leave.counts", values)}</li>
              <li>{t("leave.personal", values)}</li>
              <li>{t("leave.stamps")}</li>
              <li>{t("leave.rejoin")}</li>
            </ul>
          </div>
        </AlertDialogDescription>
        {leave.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(leave.error)}
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline">
              {t("leave.cancel")}
            </Button>
          </AlertDialogCancel>
          <Button
            type="button"
            variant="destructive"
            disabled={leave.isPending}
            aria-busy={leave.isPending}
            onClick={() =>
              leave.mutate(companyId, {
                onSuccess: () => {
                  setOpen(false);
                  toast.success(t("leave.done", values));
                },
              })
            }
          >
            {leave.isPending ? <Spinner /> : null}
            {t("leave.confirm")}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
