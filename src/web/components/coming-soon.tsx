import { Hourglass } from "lucide-react";
import { useTranslation } from "react-i18next";
import { cn } from "@/web/lib/utils";
import { Card, CardDescription, CardHeader, CardTitle } from "./ui/card";

/** The honest placeholder of a screen whose feature is not built yet. */
export function ComingSoon({
  description,
  className,
}: {
  description?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Card className={cn("border-dashed", className)}>
      <CardHeader className="grid-cols-[auto_1fr] items-center gap-x-4">
        <span className="row-span-2 flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Hourglass aria-hidden="true" className="size-5" />
        </span>
        <CardTitle asChild>
          <h2>{t("comingSoon.title")}</h2>
        </CardTitle>
        <CardDescription>{description ?? t("comingSoon.description")}</CardDescription>
      </CardHeader>
    </Card>
  );
}
