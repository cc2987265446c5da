import { useQuery } from "@tanstack/react-query";
import { Bot, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { assistantOverviewQueryOptions, handoffsQueryOptions, useToggleHandoff } from "../api";

/**
 * /mensagens, beside a customer's message while IA Suprema is on: 'Assumir conversa' (the
 * assistant stops answering this customer) or 'Devolver ao assistente'.
 */
export function TakeOverButton({ customerId }: { customerId: string }) {
  const { t } = useTranslation("assistant");
  const overview = useQuery(assistantOverviewQueryOptions());
  const handoffs = useQuery(handoffsQueryOptions());
  const toggle = useToggleHandoff();
  const on = overview.data?.settings.enabled && overview.data.available;
  if (!on || !handoffs.data) return null;
  const taken = handoffs.data.customerIds.includes(customerId);
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      disabled={toggle.isPending}
      onClick={() =>
        toggle.mutate(
          { customerId, take: !taken },
          {
            onSuccess: () => toast.success(t(taken ? "handoff.givenBack" : "handoff.taken")),
            onError: () => toast.error(t("handoff.error")),
          },
        )
      }
    >
      {taken ? <Bot aria-hidden="true" /> : <UserRound aria-hidden="true" />}
      {t(taken ? "handoff.giveBack" : "handoff.take")}
    </Button>
  );
}
