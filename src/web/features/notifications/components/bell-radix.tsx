import { X } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "@/web/components/ui/popover";
import { BellButton, type BellPopoverProps } from "./bell-button";

/**
 * The bell's popover (Radix, with its positioning): fetched the first time the bell is pointed at,
 * focused or tapped (bell-popover.tsx), so a page's first screen does not download it.
 */
export function BellRadix({
  open,
  onOpenChange,
  unread,
  onMarkAll,
  marking,
  children,
}: BellPopoverProps) {
  const { t } = useTranslation("notifications");
  const titleId = useId();
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>
        <BellButton unread={unread} />
      </PopoverTrigger>
      <PopoverContent
        align="end"
        collisionPadding={8}
        aria-labelledby={titleId}
        className="w-[min(20rem,calc(100vw-1rem))] p-0"
      >
        <div className="flex items-center justify-between gap-2 border-b py-1 pr-1 pl-3">
          <p id={titleId} className="font-semibold text-sm">
            {t("title")}
          </p>
          <div className="flex items-center gap-1">
            {unread > 0 ? (
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto px-1 text-xs"
                disabled={marking}
                onClick={onMarkAll}
              >
                {t("markAll")}
              </Button>
            ) : null}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="size-8"
              aria-label={t("close")}
              onClick={() => onOpenChange(false)}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        </div>
        {children}
      </PopoverContent>
    </Popover>
  );
}
