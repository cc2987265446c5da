import type { Partnership, RequestStatus } from "@shared/partnerships.schema";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, ChevronDown, X } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { formatDate } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import {
  partnershipQueryOptions,
  partnershipsQueryOptions,
  useAnswerPartnership,
  useCancelPartnershipRequest,
} from "../api";
import { partnershipKeys } from "../keys";
import { PartnerAvatar, place } from "./partner-avatar";

/**
 * /parceria: the requests waiting for an answer. Received ones are 'nova' until opened ('lida'),
 * and 'Aceitar'/'Recusar' show on each without opening it ('respondida', never answered again);
 * sent ones can be withdrawn. A pending request carries only its proposal: the conversation
 * opens once it is accepted.
 */
export function PartnershipRequests() {
  const { t } = useTranslation("partnerships");
  const pending = useQuery(partnershipsQueryOptions("pending", { poll: true }));
  const received = pending.data?.filter((p) => !p.requestedByMe) ?? [];
  const sent = pending.data?.filter((p) => p.requestedByMe) ?? [];

  return (
    <div className="grid items-start gap-4">
      <RequestsCard title={t("requests.receivedTitle")} count={received.length}>
        {pending.isPending ? <Spinner label={t("requests.loading")} /> : null}
        {pending.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t("requests.loadError")}
          </p>
        ) : null}
        {pending.isSuccess && received.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("requests.receivedEmpty")}</p>
        ) : null}
        {received.length > 0 ? (
          <ul aria-label={t("requests.receivedTitle")} className="grid gap-3">
            {received.map((request) => (
              <ReceivedRequest key={request.id} request={request} />
            ))}
          </ul>
        ) : null}
      </RequestsCard>
      <RequestsCard title={t("requests.sentTitle")} count={sent.length}>
        {pending.isSuccess && sent.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("requests.sentEmpty")}</p>
        ) : null}
        {sent.length > 0 ? (
          <ul aria-label={t("requests.sentTitle")} className="grid gap-3">
            {sent.map((request) => (
              <SentRequest key={request.id} request={request} />
            ))}
          </ul>
        ) : null}
      </RequestsCard>
    </div>
  );
}

function RequestsCard({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="gap-4">
      <CardHeader className="flex items-center gap-2">
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        {count > 0 ? (
          <span className="rounded-full bg-muted px-2 font-medium text-xs leading-5">{count}</span>
        ) : null}
      </CardHeader>
      <CardContent className="grid gap-3">{children}</CardContent>
    </Card>
  );
}

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { t } = useTranslation("partnerships");
  return (
    <span
      data-testid="request-status"
      className={cn(
        "shrink-0 rounded-full px-2 py-0.5 font-medium text-xs",
        status === "nova" && "bg-amber-100 text-amber-900",
        status === "lida" && "bg-muted text-muted-foreground",
        status === "respondida" && "bg-emerald-100 text-emerald-900",
      )}
    >
      {t(`requestStatus.${status}`)}
    </span>
  );
}

function RequestHeader({ request, date }: { request: Partnership; date: string }) {
  const { partner } = request;
  return (
    <div className="flex min-w-0 items-start gap-3">
      <PartnerAvatar name={partner.name} logoUrl={partner.logoUrl} className="size-10 text-sm" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="break-words font-medium">{partner.name}</p>
        <p className="text-muted-foreground text-xs">
          {[place(partner.city, partner.state), date].filter(Boolean).join(" · ")}
        </p>
      </div>
    </div>
  );
}

function ReceivedRequest({ request }: { request: Partnership }) {
  const { t } = useTranslation("partnerships");
  const bodyId = useId();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  // Opening the request asks the server for it, which marks it 'lida'.
  const detail = useQuery({ ...partnershipQueryOptions(request.id), enabled: open });
  const answer = useAnswerPartnership();
  const opened = detail.isSuccess;
  const wasNew = request.requestStatus === "nova";

  useEffect(() => {
    if (!opened || !wasNew) return;
    void queryClient.invalidateQueries({ queryKey: partnershipKeys.list("pending") });
    void queryClient.invalidateQueries({ queryKey: partnershipKeys.overview() });
  }, [opened, wasNew, queryClient]);

  // The promise rather than mutate's callbacks: the answered request leaves the list (and this
  // component unmounts) before they would run.
  const respond = (accept: boolean) =>
    answer.mutateAsync({ id: request.id, accept }).then(
      () =>
        accept
          ? toast.success(t("requests.accepted"), {
              description: t("requests.acceptedDescription", { name: request.partner.name }),
            })
          : toast.success(t("requests.declined")),
      (error: unknown) =>
        toast.error(t("requests.answerError"), { description: errorMessage(error) }),
    );

  return (
    <li
      aria-label={request.partner.name}
      className="grid gap-3 rounded-lg border bg-background p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <RequestHeader
          request={request}
          date={t("requests.receivedOn", { date: formatDate(request.createdAt) })}
        />
        <RequestStatusBadge status={open && opened ? "lida" : request.requestStatus} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          onClick={() => void respond(true)}
          disabled={answer.isPending}
        >
          <Check aria-hidden="true" />
          {t("requests.accept")}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void respond(false)}
          disabled={answer.isPending}
        >
          <X aria-hidden="true" />
          {t("requests.decline")}
        </Button>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown aria-hidden="true" className={cn("transition", open && "rotate-180")} />
          {open ? t("requests.close") : t("requests.open")}
        </Button>
      </div>
      {open ? (
        <div id={bodyId} className="grid gap-3">
          <div className="grid gap-1">
            <p className="font-medium text-xs uppercase tracking-wide text-muted-foreground">
              {t("requests.proposal")}
            </p>
            <p className="whitespace-pre-wrap break-words">{request.proposal}</p>
          </div>
          {request.partner.description ? (
            <div className="grid gap-1">
              <p className="font-medium text-xs uppercase tracking-wide text-muted-foreground">
                {t("requests.offers")}
              </p>
              <p className="whitespace-pre-wrap break-words">{request.partner.description}</p>
            </div>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

function SentRequest({ request }: { request: Partnership }) {
  const { t } = useTranslation("partnerships");
  const cancel = useCancelPartnershipRequest();
  const onCancel = () =>
    cancel.mutateAsync(request.id).then(
      () => toast.success(t("requests.cancelled")),
      (error: unknown) =>
        toast.error(t("requests.cancelError"), { description: errorMessage(error) }),
    );
  return (
    <li
      aria-label={request.partner.name}
      className="grid gap-3 rounded-lg border bg-background p-3 text-sm"
    >
      <div className="flex items-start justify-between gap-2">
        <RequestHeader
          request={request}
          date={t("requests.sentOn", { date: formatDate(request.createdAt) })}
        />
        <span className="shrink-0 text-muted-foreground text-xs">
          {t(`requests.seen.${request.requestStatus}`)}
        </span>
      </div>
      <p className="whitespace-pre-wrap break-words">{request.proposal}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          variant="outline"
          onClick={() => void onCancel()}
          disabled={cancel.isPending}
        >
          {t("requests.cancel")}
        </Button>
      </div>
    </li>
  );
}
