import { Bell } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { badgeCount } from "@/web/lib/format";

export type BellPopoverProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  unread: number;
  onMarkAll: () => void;
  marking: boolean;
  children: ReactNode;
};

/** The bell's button: its label says how many are unread, and so does its badge. */
export function BellButton({ unread, ...props }: ComponentProps<"button"> & { unread: number }) {
  const { t } = useTranslation("notifications");
  const label = unread > 0 ? `${t("label")} (${t("unread", { count: unread })})` : t("label");
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-label={label}
      className="relative"
      {...props}
    >
      <Bell aria-hidden="true" />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-badge"
          className="absolute -top-0.5 -right-0.5 min-w-4 rounded-full bg-destructive px-1 text-center font-semibold text-[10px] text-white leading-4"
        >
          {badgeCount(unread)}
        </span>
      ) : null}
    </Button>
  );
}
