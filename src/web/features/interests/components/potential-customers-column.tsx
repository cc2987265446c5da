import type { CompanyInterest } from "@shared/interests.schema";
import { preview } from "@shared/messages.schema";
import { useQuery } from "@tanstack/react-query";
import { UserPlus } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { InboxColumn, InboxList, InboxStatus } from "@/web/components/inbox-column";
import { ReplyBox } from "@/web/components/reply-box";
import { Button } from "@/web/components/ui/button";
import { formatDateTime } from "@/web/lib/format";
import { companyInterestsQueryOptions, useReplyToInterest } from "../api";

/**
 * /mensagens 'potential customers': interests of the company's sector in its city (matched by the
 * server ignoring case and accents), newest first; each company may answer each interest once
 * (other companies' answers do not close it).
 */
export function PotentialCustomersColumn() {
  const { t } = useTranslation("interests");
  const interests = useQuery(companyInterestsQueryOptions());
  const items = interests.data ?? [];
  const pending = items.filter((i) => i.status === "pending").length;

  useEffect(() => {
    if (interests.isError) toast.error(t("column.loadError"));
  }, [interests.isError, t]);

  return (
    <InboxColumn
      title={t("column.title")}
      icon={UserPlus}
      pending={pending}
      pendingLabel={t("column.pending", { count: pending })}
    >
      <InboxList
        query={interests}
        items={items}
        loadError={t("column.loadError")}
        empty={t("column.empty")}
        listLabel={t("column.listLabel")}
      >
        {(interest) => <InterestItem key={interest.id} interest={interest} />}
      </InboxList>
    </InboxColumn>
  );
}

function InterestItem({ interest }: { interest: CompanyInterest }) {
  const { t } = useTranslation(["interests", "common"]);
  const [replying, setReplying] = useState(false);
  const reply = useReplyToInterest();
  const pending = interest.status === "pending";
  const shortened = preview(interest.description);

  const send = (body: string) =>
    reply.mutateAsync({ interestId: interest.id, body }).then(
      () => {
        toast.success(t("reply.sent"));
        setReplying(false);
      },
      (error: unknown) => {
        toast.error(t("reply.error"));
        throw error;
      },
    );

  return (
    <li aria-label={interest.customerName} className="grid gap-1 py-3 text-sm">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{interest.customerName}</p>
          <p className="text-muted-foreground text-xs">
            {t("column.lookingFor", {
              sector: t(`common:sectors.${interest.sector}`),
              city: interest.city,
              state: interest.state,
            })}
          </p>
        </div>
        <InboxStatus pending={pending} label={t(`status.${interest.status}`)} />
      </div>
      <p
        className="break-words"
        title={shortened !== interest.description ? interest.description : undefined}
      >
        {shortened}
      </p>
      {interest.reply ? (
        <p className="break-words text-muted-foreground">
          <strong className="font-semibold">{t("reply.prefix")}</strong>
          {preview(interest.reply.body)}
        </p>
      ) : null}
      <div className="flex items-center justify-between gap-2">
        <time dateTime={interest.createdAt} className="text-muted-foreground text-xs">
          {formatDateTime(interest.createdAt)}
        </time>
        {pending && !replying ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setReplying(true)}>
            {t("reply.open")}
          </Button>
        ) : null}
      </div>
      {pending && replying ? (
        <div className="grid gap-2 pt-1">
          {shortened !== interest.description ? (
            <p className="whitespace-pre-line break-words rounded-md bg-muted p-2">
              {interest.description}
            </p>
          ) : null}
          <ReplyBox
            label={t("reply.label", { name: interest.customerName })}
            placeholder={t("reply.placeholder")}
            sendLabel={t("reply.send")}
            cancelLabel={t("reply.cancel")}
            pending={reply.isPending}
            onSend={send}
            onCancel={() => setReplying(false)}
          />
        </div>
      ) : null}
    </li>
  );
}
