import { Bell } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "./ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "./ui/popover";

/** The header bell. Notifications come with the loyalty features; for now the list is empty. */
export function NotificationBell() {
  const { t } = useTranslation("layout");
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button type="button" variant="ghost" size="icon" aria-label={t("header.notifications")}>
          <Bell aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72">
        <p className="font-semibold text-sm">{t("header.notifications")}</p>
        <p className="mt-2 text-muted-foreground text-sm">{t("header.noNotifications")}</p>
      </PopoverContent>
    </Popover>
  );
}
