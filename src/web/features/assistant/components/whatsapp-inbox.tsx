import { useQuery } from "@tanstack/react-query";
import { Bot } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import type { WhatsAppConversation } from "@/shared/assistant.schema";
import { ReplyBox } from "@/web/components/reply-box";
import { Button } from "@/web/components/ui/button";
import { formatDateTime } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import {
  useReplyOnWhatsApp,
  whatsappChannelQueryOptions,
  whatsappInboxQueryOptions,
} from "../whatsapp-api";

/**
 * The company's WhatsApp conversations (once the channel is connected): the newest messages of
 * each, what the assistant answered, and what waits for a person, answered here.
 */
export function WhatsAppInboxPanel() {
  const { t } = useTranslation(["assistant", "common"]);
  const channel = useQuery(whatsappChannelQueryOptions());
  const inbox = useQuery({ ...whatsappInboxQueryOptions(), enabled: !!channel.data?.configured });
  if (!channel.data?.configured) return null;
  return (
    <div className="grid min-w-0 gap-3 border-t pt-4">
      <h3 className="font-semibold">{t("conversations.title")}</h3>
      {inbox.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-destructive text-sm">
          {t("conversations.loadError")}
          <Button type="button" variant="outline" size="sm" onClick={() => void inbox.refetch()}>
            {t("common:actions.retry")}
          </Button>
        </div>
      ) : null}
      {inbox.data && inbox.data.conversations.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t("conversations.empty")}</p>
      ) : null}
      {inbox.data && inbox.data.conversations.length > 0 ? (
        <ul className="grid gap-3" aria-label={t("conversations.title")}>
          {inbox.data.conversations.map((c) => (
            <Conversation key={c.contactId} conversation={c} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Conversation({ conversation: c }: { conversation: WhatsAppConversation }) {
  const { t } = useTranslation("assistant");
  const [replying, setReplying] = useState(false);
  const reply = useReplyOnWhatsApp();
  const who = c.name || `+${c.phone}`;

  const send = (body: string) =>
    reply.mutateAsync({ contactId: c.contactId, body }).then(
      ({ status }) => {
        if (status === "sent") toast.success(t("conversations.sent"));
        else if (status === "template_sent") toast.success(t("conversations.templateSent"));
        else if (status === "template_required") toast.error(t("conversations.templateRequired"));
        else toast.error(t("conversations.failed"));
        setReplying(false);
      },
      (error: unknown) => {
        toast.error(t("conversations.error"));
        throw error;
      },
    );

  return (
    <li aria-label={who} className="grid min-w-0 gap-2 rounded-lg border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="truncate font-medium">{who}</p>
          <p className="truncate text-muted-foreground text-xs">
            +{c.phone} · {c.member ? t("conversations.member") : t("conversations.contact")}
            {c.windowOpen ? "" : ` · ${t("conversations.windowClosed")}`}
          </p>
        </div>
        {c.pending > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-900 text-xs dark:bg-amber-900/40 dark:text-amber-100">
            {t("conversations.pending", { count: c.pending })}
          </span>
        ) : null}
      </div>
      <ol className="grid max-h-72 gap-2 overflow-y-auto">
        {c.messages.map((m) => (
          <li
            key={m.id}
            className={cn(
              "grid max-w-[85%] gap-1 rounded-lg px-3 py-2",
              m.direction === "in"
                ? "justify-self-start bg-muted"
                : "justify-self-end bg-primary/10",
            )}
          >
            <p className="whitespace-pre-line break-words">{m.body}</p>
            <p className="flex flex-wrap items-center gap-1 text-muted-foreground text-xs">
              {m.direction === "out" ? <Bot aria-hidden="true" className="size-3" /> : null}
              <time dateTime={m.createdAt}>{formatDateTime(m.createdAt)}</time>
              {" · "}
              {t(`conversations.statuses.${m.status}` as "conversations.statuses.sent", {
                defaultValue: m.status,
              })}
            </p>
          </li>
        ))}
      </ol>
      {replying ? (
        <ReplyBox
          label={t("conversations.replyLabel", { name: who })}
          placeholder={t("conversations.placeholder")}
          sendLabel={t("conversations.send")}
          cancelLabel={t("conversations.cancel")}
          pending={reply.isPending}
          onSend={send}
          onCancel={() => setReplying(false)}
        />
      ) : (
        <div className="flex justify-end">
          <Button type="button" variant="outline" size="sm" onClick={() => setReplying(true)}>
            {t("conversations.reply")}
          </Button>
        </div>
      )}
    </li>
  );
}
