import { zodResolver } from "@hookform/resolvers/zod";
import {
  BACKUP_FREQUENCIES,
  RETENTION_MONTHS_OPTIONS,
  type UpdateSystemSettings,
  UpdateSystemSettingsSchema,
} from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { NativeSelect } from "@/web/components/ui/native-select";
import { Spinner } from "@/web/components/ui/spinner";
import { fieldAria, useFormField } from "@/web/lib/form";
import { formatDateTime } from "@/web/lib/format";
import { systemSettingsQueryOptions, useSaveSystemSettings } from "../api";

/**
 * /configuracoes 'Sistema': backup frequency and data retention (saved on the server), the date of
 * the last backup and, beside it, `backupAction` (the route puts the backup feature's 'Backup'
 * button there), then `storedBackups` (the scheduled backups kept on the server).
 */
export function SystemSection({
  backupAction,
  storedBackups,
}: {
  backupAction?: ReactNode;
  /** Under the last backup: the route puts the backup feature's list of stored backups there. */
  storedBackups?: ReactNode;
}) {
  const { t } = useTranslation(["settings", "common"]);
  const query = useQuery(systemSettingsQueryOptions());
  const save = useSaveSystemSettings();
  const settings = query.data;
  const form = useForm<UpdateSystemSettings>({
    resolver: zodResolver(UpdateSystemSettingsSchema),
    reValidateMode: "onSubmit",
    values: settings
      ? { backupFrequency: settings.backupFrequency, retentionMonths: settings.retentionMonths }
      : undefined,
    // A refetch (e.g. after a backup) keeps what the user is still editing.
    resetOptions: { keepDirtyValues: true },
  });
  const field = useFormField(form);

  if (!settings) {
    if (query.isError) {
      return (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("settings:system.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      );
    }
    return <Spinner label={t("common:loading")} />;
  }

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (saved) => {
        form.reset({
          backupFrequency: saved.backupFrequency,
          retentionMonths: saved.retentionMonths,
        });
        toast.success(t("settings:system.saved"));
      },
      onError: () => toast.error(t("settings:system.saveError")),
    }),
  );

  const frequency = field("backupFrequency");
  const retention = field("retentionMonths", { hint: true });

  return (
    <div className="grid gap-5">
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <Field
            id={frequency.id}
            label={t("settings:system.frequency.label")}
            error={frequency.error}
          >
            <NativeSelect {...frequency.control}>
              {BACKUP_FREQUENCIES.map((value) => (
                <option key={value} value={value}>
                  {t(`settings:system.frequency.${value}`)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field
            id={retention.id}
            label={t("settings:system.retention.label")}
            hint={t("settings:system.retention.hint")}
            error={retention.error}
          >
            <NativeSelect
              {...fieldAria(retention.id, { hint: !retention.error, error: retention.error })}
              {...form.register("retentionMonths", {
                valueAsNumber: true,
                onChange: () => form.clearErrors("retentionMonths"),
              })}
            >
              {RETENTION_MONTHS_OPTIONS.map((months) => (
                <option key={months} value={months}>
                  {t("settings:system.retention.months", { count: months })}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {t("settings:system.save")}
          </Button>
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3 border-t pt-4">
        <div className="grid gap-1 text-sm">
          <span className="font-medium">{t("settings:system.lastBackup.label")}</span>
          <span className="text-muted-foreground" data-testid="last-backup">
            {settings.lastBackupAt
              ? formatDateTime(settings.lastBackupAt)
              : t("settings:system.lastBackup.never")}
          </span>
        </div>
        {backupAction}
      </div>
      {storedBackups}
    </div>
  );
}
