import type { BillingOverview } from "@shared/billing.schema";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { errorMessage } from "@/web/lib/error-message";
import { useCancelSubscription } from "../api";
import { accessUntil, formatUntil } from "../plan-dates";

/** 'Cancelar assinatura' asks first: access goes on until the end of the period, nothing more is charged. */
export function CancelSubscription({ overview }: { overview: BillingOverview }) {
  const { t } = useTranslation("billing");
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const date = formatUntil(accessUntil(overview));

  // Closed first (once cancelled this button goes with the answer), and the promise rather than
  // mutate's callbacks, which an unmounted component would not run.
  const confirm = () => {
    setOpen(false);
    return cancel.mutateAsync().then(
      (next) => toast.success(t("cancel.done", { date: formatUntil(accessUntil(next)) })),
      (error: unknown) => toast.error(t("cancel.error"), { description: errorMessage(error) }),
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="outline"
          className="w-full sm:w-auto sm:justify-self-start"
          disabled={cancel.isPending}
        >
          {t("cancel.open")}
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogTitle>{t("cancel.title")}</DialogTitle>
        <DialogDescription>{t("cancel.body", { date })}</DialogDescription>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline">
              {t("cancel.back")}
            </Button>
          </DialogClose>
          <Button type="button" variant="destructive" onClick={confirm} disabled={cancel.isPending}>
            {t("cancel.confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
