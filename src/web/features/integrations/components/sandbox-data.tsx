import { useQuery } from "@tanstack/react-query";
import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDateTime, formatMoney } from "@/web/lib/format";
import { sandboxQueryOptions, useClearSandbox } from "../api";
import { ModeBadge } from "./badges";
import { ConfirmButton } from "./confirm-button";

/**
 * 'Dados de teste': the members and stamps test keys made on the company's sandbox copy, apart
 * from the live data (dashed, marked 'Teste'), with 'Apagar dados de teste'.
 */
export function SandboxData() {
  const { t } = useTranslation("integrations");
  const sandbox = useQuery(sandboxQueryOptions());
  const clear = useClearSandbox();
  const data = sandbox.data;
  const empty =
    data !== undefined && (!data.exists || (data.members.length === 0 && data.stamps.length === 0));

  return (
    <Card
      role="region"
      aria-labelledby="sandbox-title"
      className="border-amber-500/60 border-dashed"
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <CardTitle asChild>
              <h2 id="sandbox-title">{t("sandbox.title")}</h2>
            </CardTitle>
            <ModeBadge mode="test" />
          </div>
          <CardDescription>{t("sandbox.description")}</CardDescription>
        </div>
        {data && !empty ? (
          <ConfirmButton
            label={t("sandbox.clear")}
            icon={<Trash2 aria-hidden="true" />}
            destructive
            title={t("sandbox.clearTitle")}
            text={t("sandbox.clearText")}
            confirm={t("sandbox.clearConfirm")}
            cancel={t("sandbox.cancel")}
            disabled={clear.isPending}
            onConfirm={() =>
              clear.mutate(undefined, {
                onSuccess: () => toast.success(t("sandbox.cleared")),
                onError: (error) => toast.error(errorMessage(error)),
              })
            }
          />
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-4">
        {sandbox.isPending ? <Spinner /> : null}
        {sandbox.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {errorMessage(sandbox.error)}
          </p>
        ) : null}
        {empty ? <p className="text-muted-foreground text-sm">{t("sandbox.empty")}</p> : null}
        {data && data.members.length > 0 ? (
          <section aria-labelledby="sandbox-members" className="grid gap-2">
            <h3 id="sandbox-members" className="font-semibold text-sm">
              {t("sandbox.members")}
            </h3>
            <ul className="grid gap-2 text-sm">
              {data.members.map((member) => (
                <li key={member.id} className="grid gap-1 rounded-md border p-2">
                  <span className="break-words font-medium">{member.name}</span>
                  {member.email ? (
                    <span className="break-all text-muted-foreground text-xs">{member.email}</span>
                  ) : null}
                  {member.cards.map((card) => (
                    <span key={card.id} className="text-xs">
                      {card.programName}:{" "}
                      {t("sandbox.progress", { stamps: card.stamps, max: card.maxStamps })}
                      {card.status === "active" ? "" : ` · ${t(`sandbox.status.${card.status}`)}`}
                    </span>
                  ))}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {data && data.stamps.length > 0 ? (
          <section aria-labelledby="sandbox-stamps" className="grid gap-2">
            <h3 id="sandbox-stamps" className="font-semibold text-sm">
              {t("sandbox.stamps")}
            </h3>
            <ul className="grid divide-y text-sm">
              {data.stamps.map((stamp) => (
                <li key={stamp.id} className="grid gap-0.5 py-2">
                  <span className="break-words">
                    <span className="font-medium">{stamp.memberName}</span>
                    {" · "}
                    {t("sandbox.stampCount", { count: stamp.count })}
                    {stamp.amountCents !== null ? ` · ${formatMoney(stamp.amountCents)}` : ""}
                    {stamp.externalSaleId
                      ? ` · ${t("sandbox.sale", { id: stamp.externalSaleId })}`
                      : ""}
                  </span>
                  <span className="text-muted-foreground text-xs">
                    {formatDateTime(stamp.createdAt)}
                    {stamp.keyName ? ` · ${t("sandbox.via", { name: stamp.keyName })}` : ""}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
