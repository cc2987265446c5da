import { preview } from "@shared/preview";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { myRepliesQueryOptions } from "../api";
import { AssistantLabel } from "./assistant-label";

/**
 * /dashboard-cliente 'company replies': the companies' answers to the customer's messages and to
 * their interests, and the notices they sent (the birthday gift, under its subject), newest first,
 * with the company's name and the date.
 */
export function CompanyRepliesList() {
  const { t } = useTranslation("messages");
  const replies = useQuery(myRepliesQueryOptions());
  const items = replies.data ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("replies.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {replies.isPending ? <Spinner /> : null}
        {replies.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t("replies.loadError")}
          </p>
        ) : null}
        {replies.isSuccess && items.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("replies.empty")}</p>
        ) : null}
        {items.length > 0 ? (
          <ul
            aria-label={t("replies.listLabel")}
            className="grid max-h-96 divide-y overflow-y-auto"
          >
            {items.map((reply) => (
              <li key={`${reply.kind}-${reply.id}`} className="grid gap-1 py-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="font-medium">{reply.companyName}</p>
                  <time dateTime={reply.createdAt} className="text-muted-foreground text-xs">
                    {formatDateTime(reply.createdAt)}
                  </time>
                </div>
                {reply.assistantName ? <AssistantLabel name={reply.assistantName} /> : null}
                {reply.kind === "notice" ? (
                  reply.subject ? (
                    <p className="font-semibold">{reply.subject}</p>
                  ) : null
                ) : (
                  <p className="text-muted-foreground text-xs">
                    {t(reply.kind === "message" ? "replies.toMessage" : "replies.toInterest", {
                      text: preview(reply.original),
                    })}
                  </p>
                )}
                <p className="whitespace-pre-line break-words">
                  {reply.kind === "notice" || reply.assistantName ? null : (
                    <strong className="font-semibold">{t("reply.prefix")}</strong>
                  )}
                  {reply.body}
                </p>
              </li>
            ))}
          </ul>
        ) : null}
      </CardContent>
    </Card>
  );
}
