import type { WhatsAppConversation } from "@shared/assistant.schema";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import {
  useReplyOnWhatsApp,
  whatsappChannelQueryOptions,
  whatsappInboxQueryOptions,
} from "../whatsapp-api";
import { ConversationCard } from "./channel-parts";

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
  const reply = useReplyOnWhatsApp();
  const who = c.name || `+${c.phone}`;

  const send = (body: string) =>
    reply.mutateAsync({ contactId: c.contactId, body }).then(
      ({ status }) => {
        if (status === "sent") toast.success(t("conversations.sent"));
        else if (status === "template_sent") toast.success(t("conversations.templateSent"));
        else if (status === "template_required") toast.error(t("conversations.templateRequired"));
        else toast.error(t("conversations.failed"));
      },
      (error: unknown) => {
        toast.error(t("conversations.error"));
        throw error;
      },
    );

  return (
    <ConversationCard
      who={who}
      detail={`+${c.phone} · ${c.member ? t("conversations.member") : t("conversations.contact")}${
        c.windowOpen ? "" : ` · ${t("conversations.windowClosed")}`
      }`}
      pending={c.pending}
      messages={c.messages}
      replyLabel={t("conversations.replyLabel", { name: who })}
      sending={reply.isPending}
      onSend={send}
    />
  );
}
