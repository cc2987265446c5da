import { Bot } from "lucide-react";
import { useTranslation } from "react-i18next";

/** IA Suprema wrote it: its name and an "automático" mark, never passed off as a person. */
export function AssistantLabel({ name }: { name: string }) {
  const { t } = useTranslation("messages");
  return (
    <p className="flex flex-wrap items-center gap-1.5 font-semibold text-xs">
      <Bot aria-hidden="true" className="size-3.5" />
      {t("assistant.by", { name })}
      <span className="rounded-full bg-background px-1.5 py-0.5 font-medium text-[0.65rem] text-muted-foreground uppercase tracking-wide">
        {t("assistant.automatic")}
      </span>
    </p>
  );
}
