import { marketingConsentText } from "@shared/assistant.schema";
import { toLanguage } from "@shared/languages";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { marketingConsentsQueryOptions, useSetMarketingConsent } from "../campaigns-api";

/**
 * The customer's 'Comunicações' (in their settings): one switch per company they are a member
 * of, off unless they agreed. Turning one on records the text shown under it, word for word.
 */
export function MarketingConsentsSection() {
  const { t, i18n } = useTranslation("customer");
  const language = toLanguage(i18n.language);
  const consents = useQuery(marketingConsentsQueryOptions());
  const save = useSetMarketingConsent();
  const headingId = useId();
  const id = useId();

  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-base">
          {t("communications.title")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("communications.description")}</p>
      </div>
      {consents.isPending ? (
        <Spinner />
      ) : consents.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {t("communications.loadError")}
        </p>
      ) : consents.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("communications.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {consents.data.map((c) => {
            const switchId = `${id}-${c.companyId}`;
            const pending = save.isPending && save.variables?.companyId === c.companyId;
            return (
              <li key={c.companyId} className="flex items-start gap-3">
                <input
                  id={switchId}
                  type="checkbox"
                  role="switch"
                  aria-checked={c.consented}
                  aria-describedby={`${switchId}-text`}
                  className="mt-1 size-4 shrink-0 accent-primary"
                  checked={c.consented}
                  disabled={pending}
                  onChange={(e) =>
                    save.mutate({ companyId: c.companyId, consented: e.target.checked, language })
                  }
                />
                <div className="grid min-w-0 gap-0.5">
                  <label htmlFor={switchId} className="break-words font-medium text-sm">
                    {c.companyName}
                  </label>
                  <p id={`${switchId}-text`} className="text-muted-foreground text-xs">
                    {c.consented && c.since
                      ? t("communications.since", { date: formatDate(c.since) })
                      : marketingConsentText(language, c.companyName)}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {save.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(save.error)}
        </p>
      ) : null}
    </section>
  );
}
