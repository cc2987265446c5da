import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useOptOut } from "../campaigns-api";

const SETTINGS_PATH = "/dashboard-cliente";

/**
 * /descadastrar?token=…: withdraws at once (no sign-in, the signed token says who and which
 * company) and says so, with the way back: the customer's settings ('Comunicações').
 */
export function OptOutResult({ token }: { token: string }) {
  const { t } = useTranslation("assistant");
  const optOut = useOptOut();
  const sent = useRef(false);
  useEffect(() => {
    // Once per visit (the request is idempotent anyway).
    if (!token || sent.current) return;
    sent.current = true;
    optOut.mutate(token);
  }, [token, optOut]);

  if (token && (optOut.isIdle || optOut.isPending)) {
    return (
      <Card>
        <CardContent className="flex items-center gap-3 py-6">
          <Spinner />
          <p className="text-sm">{t("campaigns.optOut.working")}</p>
        </CardContent>
      </Card>
    );
  }
  const done = optOut.isSuccess ? optOut.data : null;
  return (
    <Card>
      <CardHeader>
        <CardTitle role={done ? "status" : "alert"} className="flex items-start gap-2 text-lg">
          {done ? (
            <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
          ) : null}
          <span className="break-words">
            {done
              ? t("campaigns.optOut.done", { empresa: done.companyName })
              : t("campaigns.optOut.failedTitle")}
          </span>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-muted-foreground text-sm">
          {done
            ? t("campaigns.optOut.changeBack")
            : errorMessage(token ? optOut.error : null, "opt_out_token_invalid")}
        </p>
        <Button asChild className="w-full sm:w-auto">
          <Link to={SETTINGS_PATH}>{t("campaigns.optOut.toSettings")}</Link>
        </Button>
      </CardContent>
    </Card>
  );
}
