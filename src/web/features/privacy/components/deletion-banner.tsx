import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Alert, AlertDescription, AlertTitle } from "@/web/components/ui/alert";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { Link } from "@/web/lib/nav";
import { useCancelDeletion } from "../api";

/** The instant's local time as HH:mm (without date-fns: the customer dashboard's entry, decision 043). */
const timeOf = (iso: string) => {
  const date = new Date(iso);
  return [date.getHours(), date.getMinutes()].map((n) => String(n).padStart(2, "0")).join(":");
};

/** Where 'Meus dados' lives in the customer area. */
const MY_DATA_PATH = "/dashboard-cliente/meus-dados";

/**
 * Signing in while the account's deletion is pending: the offer to cancel, at the top of every
 * customer page (its texts in the `customer` namespace, loaded with the area).
 */
export function DeletionBanner({ dueAt }: { dueAt: string }) {
  const { t } = useTranslation("customer");
  const cancel = useCancelDeletion();
  return (
    <Alert variant="destructive" role="status">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>
        {t("deletionBanner.title", {
          date: formatDate(dueAt),
          time: timeOf(dueAt),
        })}
      </AlertTitle>
      <AlertDescription>
        <p>{t("deletionBanner.description")}</p>
        {cancel.isError ? <p role="alert">{errorMessage(cancel.error)}</p> : null}
        <div className="mt-2 flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            disabled={cancel.isPending}
            aria-busy={cancel.isPending}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: () => toast.success(t("deletionBanner.cancelled")),
              })
            }
          >
            {cancel.isPending ? <Spinner /> : null}
            {t("deletionBanner.cancel")}
          </Button>
          <Button asChild size="sm" variant="outline">
            <Link to={MY_DATA_PATH}>{t("deletionBanner.myData")}</Link>
          </Button>
        </div>
      </AlertDescription>
    </Alert>
  );
}
