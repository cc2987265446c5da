import { PARTNER_COLUMN_LIMIT } from "@shared/partnerships.schema";
import { useQuery } from "@tanstack/react-query";
import { Handshake } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InboxColumn, InboxList } from "@/web/components/inbox-column";
import { Button } from "@/web/components/ui/button";
import { badgeCount } from "@/web/lib/format";
import { partnershipsQueryOptions } from "../api";
import { PartnerAvatar } from "./partner-avatar";
import { threadPath, threadPreview } from "./partner-conversations";

/**
 * /mensagens 'Parceiros': the first three partner threads (newest activity first) with their
 * unread counts and an 80-character preview, each opening on /parceria-mensagens.
 */
export function PartnerMessagesColumn() {
  const { t } = useTranslation("partnerships");
  const threads = useQuery(partnershipsQueryOptions("all", { poll: true }));
  const all = threads.data ?? [];
  const shown = all.slice(0, PARTNER_COLUMN_LIMIT);
  const unread = all.reduce((sum, p) => sum + p.unread, 0);

  return (
    <InboxColumn
      title={t("column.title")}
      icon={Handshake}
      pending={unread}
      pendingLabel={t("chat.unread", { count: unread })}
    >
      {threads.isSuccess && all.length === 0 ? (
        <div className="grid justify-items-start gap-2 py-2 text-sm">
          <p>{t("column.empty")}</p>
          <p className="text-muted-foreground">{t("column.emptyHint")}</p>
          <Button asChild variant="outline" size="sm">
            <Link to="/parceria-marketplace">{t("active.find")}</Link>
          </Button>
        </div>
      ) : (
        <InboxList
          query={threads}
          items={shown}
          loadError={t("column.loadError")}
          empty={t("column.empty")}
          listLabel={t("column.listLabel")}
        >
          {(thread) => (
            <li key={thread.id}>
              <Link
                to={threadPath(thread.id)}
                className="grid gap-1 py-3 text-sm hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <span className="flex min-w-0 items-center gap-2">
                  <PartnerAvatar
                    name={thread.partner.name}
                    logoUrl={thread.partner.logoUrl}
                    className="size-7 text-[10px]"
                  />
                  <span className="truncate font-medium">{thread.partner.name}</span>
                  {thread.unread > 0 ? (
                    <span className="ml-auto min-w-5 shrink-0 rounded-full bg-destructive px-1.5 text-center font-semibold text-white text-xs leading-5">
                      <span aria-hidden="true">{badgeCount(thread.unread)}</span>
                      <span className="sr-only">{t("chat.unread", { count: thread.unread })}</span>
                    </span>
                  ) : null}
                </span>
                <span className="break-words text-muted-foreground">
                  {threadPreview(t, thread)}
                </span>
              </Link>
            </li>
          )}
        </InboxList>
      )}
      {all.length > 0 ? (
        <div className="border-t pt-2">
          <Button asChild variant="link" size="sm" className="px-0">
            <Link to="/parceria-mensagens">{t("column.seeAll")}</Link>
          </Button>
        </div>
      ) : null}
    </InboxColumn>
  );
}
