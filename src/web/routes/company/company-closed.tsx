import { COMPANY_CLOSURE_DAYS } from "@shared/privacy.schema";
import { can, type MemberRole } from "@shared/team-permissions";
import { DoorClosed, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Brand } from "@/web/components/brand";
import { SignOutButton } from "@/web/components/sign-out-button";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { BackupButton } from "@/web/features/backup/components/backup-button";
import { useRestoreAccount } from "@/web/features/settings/api";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A closed company's panel ('Fechar conta', issue 34): one screen instead of the dashboard. When it
 * closed and when its data goes, 'Restaurar conta' (the Owner) and the backup download (whoever
 * may download it), and sign-out.
 */
export function CompanyClosed({
  closedAt,
  companyName,
  role,
  onSignOut,
  signingOut,
}: {
  closedAt: string;
  companyName: string;
  role: MemberRole;
  onSignOut: () => void;
  signingOut: boolean;
}) {
  const { t } = useTranslation("company");
  const restore = useRestoreAccount();
  const deleteAt = new Date(Date.parse(closedAt) + COMPANY_CLOSURE_DAYS * DAY_MS);
  const onRestore = () =>
    restore.mutate(undefined, {
      onSuccess: () => toast.success(t("closed.restored")),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex items-center justify-between gap-3 border-b px-4 py-3">
        <Brand />
        <SignOutButton onSignOut={onSignOut} signingOut={signingOut} />
      </header>
      <main className="flex flex-1 items-start justify-center p-4 sm:items-center">
        <section
          aria-labelledby="company-closed-title"
          className="grid w-full max-w-md gap-4 rounded-lg border p-5"
        >
          <div className="flex items-center gap-3">
            <DoorClosed aria-hidden="true" className="size-6 shrink-0 text-destructive" />
            <div className="grid min-w-0">
              <h1 id="company-closed-title" className="font-semibold text-lg">
                {t("closed.title")}
              </h1>
              <p className="truncate text-muted-foreground text-sm">{companyName}</p>
            </div>
          </div>
          <p data-testid="company-closed-message">
            {t("closed.message", {
              closedAt: formatDate(closedAt),
              deleteAt: formatDate(deleteAt),
            })}
          </p>
          {role === "owner" ? (
            <div className="grid gap-2">
              <p className="text-muted-foreground text-sm">{t("closed.restoreHint")}</p>
              <Button
                type="button"
                onClick={onRestore}
                disabled={restore.isPending}
                aria-busy={restore.isPending}
                className="justify-self-start"
              >
                {restore.isPending ? <Spinner /> : <RotateCcw aria-hidden="true" />}
                {t("closed.restore")}
              </Button>
            </div>
          ) : (
            <p className="text-muted-foreground text-sm">{t("closed.ownerOnly")}</p>
          )}
          {can(role, "backup") ? (
            <div className="grid gap-2 border-t pt-4">
              <p className="text-muted-foreground text-sm">{t("closed.backupHint")}</p>
              <div className="justify-self-start">
                <BackupButton label={t("closed.downloadBackup")} />
              </div>
            </div>
          ) : null}
        </section>
      </main>
    </div>
  );
}
