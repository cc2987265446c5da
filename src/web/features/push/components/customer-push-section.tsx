import { CUSTOMER_PUSH_KINDS } from "@shared/push.schema";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PushSwitches } from "./push-switches";

/**
 * The customer's 'Notificações neste aparelho' (in their settings): a notice on this phone or
 * computer, even with the app closed, for a stamp, a complete card, a redeemed reward, a company's
 * reply and the birthday gift. Per device: each browser subscribes on its own.
 */
export function CustomerPushSection() {
  const { t } = useTranslation("push");
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3 border-t pt-4">
      <div className="grid gap-1">
        <h3 id={headingId} className="font-semibold text-base">
          {t("title")}
        </h3>
        <p className="text-muted-foreground text-sm">{t("description")}</p>
      </div>
      <PushSwitches kinds={CUSTOMER_PUSH_KINDS} />
    </section>
  );
}
