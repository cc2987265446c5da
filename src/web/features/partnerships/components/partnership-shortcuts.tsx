import type { PartnershipOverview } from "@shared/partnerships.schema";
import { ChevronRight, Handshake, type LucideIcon, MessagesSquare, Store } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { badgeCount } from "@/web/lib/format";

/** /parceria's shortcuts: the marketplace, the conversations (unread) and the active partnerships. */
export function PartnershipShortcuts({ overview }: { overview: PartnershipOverview }) {
  const { t } = useTranslation("partnerships");
  const unread = overview.unreadMessages;
  return (
    <nav aria-label={t("shortcuts.label")}>
      <ul className="grid gap-3 sm:grid-cols-3">
        <Shortcut
          to="/parceria-marketplace"
          icon={Store}
          title={t("shortcuts.marketplace")}
          text={t("shortcuts.marketplaceText")}
        />
        <Shortcut
          to="/parceria-mensagens"
          icon={MessagesSquare}
          title={t("shortcuts.conversations")}
          text={
            unread > 0
              ? t("shortcuts.conversationsText", { count: unread })
              : t("shortcuts.conversationsNone")
          }
          badge={unread}
        />
        <Shortcut
          to="/parcerias-ativas"
          icon={Handshake}
          title={t("shortcuts.active")}
          text={
            overview.active > 0
              ? t("shortcuts.activeText", { count: overview.active })
              : t("shortcuts.activeNone")
          }
        />
      </ul>
    </nav>
  );
}

function Shortcut({
  to,
  icon: Icon,
  title,
  text,
  badge = 0,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
  badge?: number;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex h-full items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-accent focus-visible:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <Icon aria-hidden="true" className="size-6 shrink-0 text-primary" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="flex items-center gap-2 font-semibold">
            {title}
            {badge > 0 ? (
              <span
                aria-hidden="true"
                className="min-w-5 rounded-full bg-destructive px-1.5 text-center font-semibold text-white text-xs leading-5"
              >
                {badgeCount(badge)}
              </span>
            ) : null}
          </span>
          <span className="text-muted-foreground text-sm">{text}</span>
        </span>
        <ChevronRight aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      </Link>
    </li>
  );
}
