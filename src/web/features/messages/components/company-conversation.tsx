import type { ConversationMessage } from "@shared/messages.schema";
import { useQuery } from "@tanstack/react-query";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Spinner } from "@/web/components/ui/spinner";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { conversationQueryOptions } from "../api";
import { AssistantLabel } from "./assistant-label";
import { MessageForm } from "./message-form";

/**
 * The signed-in customer's conversation with one company (their messages and the company's
 * answers, oldest first, opened scrolled to the newest) and the form to write a new message.
 */
export function CompanyConversation({ companyId }: { companyId: string }) {
  const { t } = useTranslation("messages");
  const conversation = useQuery(conversationQueryOptions(companyId));
  const messages = conversation.data ?? [];
  const list = useRef<HTMLOListElement>(null);
  const newest = messages.at(-1)?.id;

  // The thread opens at its newest message, and follows each new one.
  useLayoutEffect(() => {
    if (!newest || !list.current) return;
    list.current.scrollTop = list.current.scrollHeight;
  }, [newest]);

  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{t("conversation.title")}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        {conversation.isPending ? <Spinner /> : null}
        {conversation.isError ? (
          <p role="alert" className="text-destructive text-sm">
            {t("conversation.loadError")}
          </p>
        ) : null}
        {conversation.isSuccess && messages.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t("conversation.empty")}</p>
        ) : null}
        {messages.length > 0 ? (
          <ol
            ref={list}
            data-testid="conversation-list"
            aria-label={t("conversation.listLabel")}
            className="grid max-h-96 gap-2 overflow-y-auto"
          >
            {messages.map((message) => (
              <ConversationItem key={message.id} message={message} />
            ))}
          </ol>
        ) : null}
        <MessageForm companyId={companyId} />
      </CardContent>
    </Card>
  );
}

function ConversationItem({ message }: { message: ConversationMessage }) {
  const { t } = useTranslation("messages");
  const fromCompany = message.sender === "company";
  return (
    <li
      className={cn(
        "grid max-w-[85%] gap-1 rounded-lg px-3 py-2 text-sm",
        fromCompany ? "justify-self-start bg-muted" : "justify-self-end bg-primary/10",
      )}
    >
      {message.subject ? <p className="font-semibold">{message.subject}</p> : null}
      {message.assistantName ? <AssistantLabel name={message.assistantName} /> : null}
      <p className="whitespace-pre-line break-words">
        {fromCompany && !message.subject && !message.assistantName ? (
          <strong className="font-semibold">{t("reply.prefix")}</strong>
        ) : null}
        {message.body}
      </p>
      <p className="text-muted-foreground text-xs">
        {fromCompany ? null : `${t("conversation.you")} · `}
        <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
        {!fromCompany && message.status === "pending" ? ` · ${t("conversation.waiting")}` : null}
      </p>
    </li>
  );
}
