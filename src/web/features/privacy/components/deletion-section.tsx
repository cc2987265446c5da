import { ACCOUNT_DELETION_GRACE_DAYS, type AccountDeletion } from "@shared/privacy.schema";
import { format, parseISO } from "date-fns";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { useCancelDeletion } from "../api";
import { DeleteAccountDialog } from "./delete-account-dialog";
import { PrivacySection } from "./privacy-section";

/** The danger zone: 'Excluir minha conta', or the pending deletion with 'Cancelar exclusão'. */
export function DeletionSection({ deletion }: { deletion: AccountDeletion | null }) {
  const { t } = useTranslation("privacy");
  const cancel = useCancelDeletion();
  return (
    <PrivacySection
      danger
      title={t("deletion.title")}
      description={
        deletion ? null : t("deletion.description", { days: ACCOUNT_DELETION_GRACE_DAYS })
      }
    >
      {deletion ? (
        <div role="status" className="grid gap-3">
          <p className="font-medium">
            {t("deletion.pending", {
              date: formatDate(deletion.dueAt),
              time: format(parseISO(deletion.dueAt), "HH:mm"),
            })}
          </p>
          <p className="text-muted-foreground text-sm">{t("deletion.pendingHint")}</p>
          {cancel.isError ? (
            <p role="alert" className="text-destructive text-sm">
              {errorMessage(cancel.error)}
            </p>
          ) : null}
          <div>
            <Button
              type="button"
              disabled={cancel.isPending}
              aria-busy={cancel.isPending}
              onClick={() =>
                cancel.mutate(undefined, {
                  onSuccess: () => toast.success(t("deletion.cancelled")),
                })
              }
            >
              {cancel.isPending ? <Spinner /> : null}
              {t("deletion.cancelDeletion")}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <DeleteAccountDialog />
        </div>
      )}
    </PrivacySection>
  );
}
