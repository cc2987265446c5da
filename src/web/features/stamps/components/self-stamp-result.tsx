import type { SelfStampResult } from "@shared/stamps.schema";
import { CheckCircle2, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { useSelfStamp } from "../api";

/** Refusals this page says in its own words (the customer scanned; no one typed a code). */
const OWN_WORDS: Record<string, "self.expired" | "self.notMember"> = {
  counter_code_expired: "self.expired",
  customer_not_member: "self.notMember",
};

/**
 * /carimbar: the customer scanned the counter screen's code (`token`): it is sent once, and the
 * answer shown: the stamp and the card's count, with a link to the card, or why not.
 */
export function SelfStampResultView({ token }: { token: string | null }) {
  const { t } = useTranslation("stamps");
  const stamp = useSelfStamp();
  const sent = useRef(false);
  const { mutate } = stamp;

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    mutate(token);
  }, [token, mutate]);

  if (!token) return <Message tone="info" text={t("self.noCode")} link="cards" />;
  if (stamp.isError) {
    const error = stamp.error;
    const own = error instanceof ApiError ? OWN_WORDS[error.code] : undefined;
    return <Message tone="error" text={own ? t(own) : errorMessage(error)} link="cards" />;
  }
  if (!stamp.data) {
    return (
      <div className="grid justify-items-center gap-3 py-10" aria-live="polite">
        <Spinner />
        <p>{t("self.sending")}</p>
      </div>
    );
  }
  return <Stamped result={stamp.data} />;
}

function Stamped({ result }: { result: SelfStampResult }) {
  const { t } = useTranslation("stamps");
  const { card } = result;
  return (
    <div className="grid justify-items-center gap-4 py-6 text-center" aria-live="polite">
      <CheckCircle2 aria-hidden="true" className="size-16 text-green-600" />
      <h2 className="font-bold text-2xl">{t("self.received", { count: result.added })}</h2>
      <p className="text-lg">
        {t("self.count", { stamps: card.stamps, max: card.maxStamps, company: card.companyName })}
      </p>
      {card.status === "complete" ? <p className="font-medium">{t("self.complete")}</p> : null}
      <Button asChild size="lg">
        <Link to={`/dashboard-cliente-cartao-fidelidade/${card.companyId}`}>
          {t("self.toCard")}
        </Link>
      </Button>
    </div>
  );
}

function Message({ tone, text, link }: { tone: "info" | "error"; text: string; link: "cards" }) {
  const { t } = useTranslation("stamps");
  return (
    <div className="grid justify-items-center gap-4 py-6 text-center">
      {tone === "error" ? (
        <XCircle aria-hidden="true" className="size-16 text-destructive" />
      ) : null}
      <p role={tone === "error" ? "alert" : undefined} className="text-lg">
        {text}
      </p>
      {link === "cards" ? (
        <Button asChild variant="outline" size="lg">
          <Link to="/dashboard-cliente-cartoes-fidelidade">{t("self.toCards")}</Link>
        </Button>
      ) : null}
    </div>
  );
}
