import { preview } from "@shared/messages.schema";
import type { Partnership } from "@shared/partnerships.schema";
import { useQuery } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { ArrowLeft, MessagesSquare } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { badgeCount } from "@/web/lib/format";
import { cn } from "@/web/lib/utils";
import { partnershipsQueryOptions } from "../api";
import { PartnerAvatar } from "./partner-avatar";
import { PartnerChat } from "./partner-chat";

export const threadPath = (id: string) => `/parceria-mensagens?id=${encodeURIComponent(id)}`;

/** The last message, or the proposal while nobody wrote, as a one-line preview. */
export function threadPreview(t: TFunction<"partnerships">, p: Partnership) {
  if (!p.lastMessage) return preview(p.proposal);
  const text = preview(p.lastMessage.body);
  return p.lastMessage.fromMe ? t("chat.lastFromMe", { text }) : text;
}

/**
 * /parceria-mensagens: one thread per partnership (and per request while it waits), ended ones
 * still readable, with unread counts; the chosen one (?id=) beside the list, or on a phone instead
 * of it with a way back.
 */
export function PartnerConversations() {
  const { t } = useTranslation("partnerships");
  const [params] = useSearchParams();
  const selected = params.get("id");
  const threads = useQuery(partnershipsQueryOptions("all", { poll: true }));

  useEffect(() => {
    if (threads.isError) toast.error(t("chat.loadError"), { id: "partner-threads-error" });
  }, [threads.isError, t]);

  return (
    <div className="grid min-w-0 gap-4 lg:h-[calc(100svh-12rem)] lg:min-h-[28rem] lg:grid-cols-[20rem_minmax(0,1fr)]">
      <nav
        aria-label={t("chat.listLabel")}
        className={cn(
          "min-w-0 overflow-y-auto rounded-xl border bg-card",
          selected && "hidden lg:block",
        )}
      >
        {threads.isPending ? (
          <div className="p-4">
            <Spinner label={t("chat.loading")} />
          </div>
        ) : null}
        {threads.isError ? (
          <p role="alert" className="p-4 text-destructive text-sm">
            {t("chat.loadError")}
          </p>
        ) : null}
        {threads.data?.length === 0 ? (
          <div className="grid justify-items-start gap-2 p-4 text-sm">
            <p className="text-muted-foreground">{t("chat.empty")}</p>
            <Button asChild size="sm" variant="outline">
              <Link to="/parceria-marketplace">{t("active.find")}</Link>
            </Button>
          </div>
        ) : null}
        {threads.data && threads.data.length > 0 ? (
          <ul className="divide-y">
            {threads.data.map((thread) => (
              <ThreadItem key={thread.id} thread={thread} current={thread.id === selected} />
            ))}
          </ul>
        ) : null}
      </nav>
      <div
        className={cn(
          "flex h-[calc(100svh-11rem)] min-h-[26rem] min-w-0 flex-col overflow-hidden rounded-xl border bg-card lg:h-auto lg:min-h-0",
          !selected && "hidden lg:flex",
        )}
      >
        {selected ? (
          <>
            <div className="border-b p-2 lg:hidden">
              <Button asChild variant="ghost" size="sm">
                <Link to="/parceria-mensagens">
                  <ArrowLeft aria-hidden="true" />
                  {t("chat.back")}
                </Link>
              </Button>
            </div>
            <PartnerChat key={selected} id={selected} />
          </>
        ) : (
          <div className="grid flex-1 place-items-center p-6 text-center text-muted-foreground text-sm">
            <div className="grid justify-items-center gap-2">
              <MessagesSquare aria-hidden="true" className="size-8" />
              <p>{t("chat.select")}</p>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function ThreadItem({ thread, current }: { thread: Partnership; current: boolean }) {
  const { t } = useTranslation("partnerships");
  // The open thread is being read: its count is the server's past answer.
  const unread = current ? 0 : thread.unread;
  return (
    <li>
      <Link
        to={threadPath(thread.id)}
        aria-current={current ? "page" : undefined}
        className={cn(
          "flex min-w-0 items-start gap-3 p-3 text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none",
          current && "bg-primary/5",
        )}
      >
        <PartnerAvatar
          name={thread.partner.name}
          logoUrl={thread.partner.logoUrl}
          className="size-9 text-xs"
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex min-w-0 items-center gap-2">
            <span className="truncate font-medium">{thread.partner.name}</span>
            {unread > 0 ? (
              <span className="ml-auto min-w-5 shrink-0 rounded-full bg-destructive px-1.5 text-center font-semibold text-white text-xs leading-5">
                <span aria-hidden="true">{badgeCount(unread)}</span>
                <span className="sr-only">{t("chat.unread", { count: unread })}</span>
              </span>
            ) : null}
          </span>
          <span className="text-muted-foreground text-xs">{t(`states.${thread.state}`)}</span>
          <span className="truncate text-muted-foreground">{threadPreview(t, thread)}</span>
        </span>
      </Link>
    </li>
  );
}
