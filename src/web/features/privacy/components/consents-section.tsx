import type { Consents } from "@shared/privacy.schema";
import type { ReactNode } from "react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { useSetConsent } from "../api";
import { PrivacySection } from "./privacy-section";

/**
 * 'Consentimentos': push notices (only turned off here: turning them on is a device's own
 * choice), wallet passes' updates, the marketing consents per company (`marketing`, the route
 * composes the existing switches) and the history of every change with its time.
 */
export function ConsentsSection({
  consents,
  marketing,
}: {
  consents: Consents;
  marketing?: ReactNode;
}) {
  const { t } = useTranslation("privacy");
  const save = useSetConsent();
  const pending = (kind: "push" | "wallet") => save.isPending && save.variables?.kind === kind;
  return (
    <PrivacySection title={t("consents.title")} description={t("consents.description")}>
      <div className="grid gap-4">
        <ConsentSwitch
          label={t("consents.push")}
          hint={
            consents.push.enabled
              ? t("consents.pushOn", { count: consents.push.devices })
              : t("consents.pushOff")
          }
          checked={consents.push.enabled}
          // Only off from here: a device subscribes itself (its browser asks the permission).
          disabled={!consents.push.enabled || pending("push")}
          onChange={(enabled) => save.mutate({ kind: "push", enabled })}
        />
        <ConsentSwitch
          label={t("consents.wallet")}
          hint={
            consents.wallet.enabled
              ? t("consents.walletPasses", { count: consents.wallet.passes })
              : t("consents.walletOff")
          }
          checked={consents.wallet.enabled}
          disabled={pending("wallet")}
          onChange={(enabled) => save.mutate({ kind: "wallet", enabled })}
        />
        {save.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(save.error)}
          </p>
        ) : null}
      </div>
      {marketing}
      <ConsentHistory history={consents.history} />
    </PrivacySection>
  );
}

function ConsentSwitch({
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-primary"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <div className="grid min-w-0 gap-0.5">
        <label htmlFor={id} className="font-medium text-sm">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      </div>
    </div>
  );
}

/** Every change, newest first, with its time. */
function ConsentHistory({ history }: { history: Consents["history"] }) {
  const { t } = useTranslation("privacy");
  const headingId = useId();
  return (
    <div className="grid gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold text-base">
        {t("consents.history")}
      </h3>
      {history.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("consents.historyEmpty")}</p>
      ) : (
        <ul aria-labelledby={headingId} className="grid gap-1.5 text-sm">
          {history.map((record) => (
            <li
              // The history has no ids: a change is its kind, company and time.
              key={`${record.kind}-${record.companyName}-${record.at}-${record.granted}`}
              className="flex flex-wrap items-baseline justify-between gap-x-3"
            >
              <span className="min-w-0 break-words">
                {t(`consents.kinds.${record.kind}`, { company: record.companyName ?? "" })}
                {": "}
                <span
                  className={cn(
                    "font-medium",
                    record.granted ? "text-success" : "text-muted-foreground",
                  )}
                >
                  {record.granted ? t("consents.granted") : t("consents.withdrawn")}
                </span>
              </span>
              <time dateTime={record.at} className="text-muted-foreground text-xs tabular-nums">
                {formatDateTime(record.at)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
