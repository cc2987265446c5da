import type { CustomerEmailSettings } from "@shared/settings.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { SwitchField } from "@/web/components/switch-field";
import { Spinner } from "@/web/components/ui/spinner";
import { customerEmailSettingsQueryOptions, useSaveCustomerEmailSettings } from "../api";

const SWITCHES: (keyof CustomerEmailSettings)[] = ["replies", "completedCards", "refusedClaims"];

/**
 * The customer's 'Avisos por e-mail' (in their settings): an e-mail when a company answers them,
 * when a card is complete, when a stamp they asked for is refused. Each switch saves as it turns.
 */
export function CustomerEmailSection() {
  const { t } = useTranslation("notifications");
  const headingId = useId();
  const query = useQuery(customerEmailSettingsQueryOptions());
  const save = useSaveCustomerEmailSettings();
  const settings = query.data;
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-base">
          {t("emails.title")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("emails.description")}</p>
      </div>
      {settings ? (
        SWITCHES.map((key) => (
          <SwitchField
            key={key}
            label={t(`emails.${key}`)}
            checked={settings[key]}
            disabled={save.isPending}
            onChange={(on) =>
              save.mutate(
                { ...settings, [key]: on },
                {
                  onSuccess: () => toast.success(t("emails.saved")),
                  onError: () => toast.error(t("emails.saveError")),
                },
              )
            }
          />
        ))
      ) : query.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t("emails.loadError")}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
