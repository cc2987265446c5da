import type { CustomerRow } from "@shared/customers.schema";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/error-message";
import { useSetCustomerStatus } from "../api";

/** The Status column's Ativo/Inativo button: a click switches it, kept on the server. */
export function CustomerStatusToggle({ customer }: { customer: CustomerRow }) {
  const { t } = useTranslation("customers");
  const setStatus = useSetCustomerStatus();
  const active = customer.status === "active";
  const label = t(`status.${customer.status}`);

  const toggle = () =>
    setStatus.mutate(
      { id: customer.id, status: active ? "inactive" : "active" },
      {
        onSuccess: (row) =>
          toast.success(t("status.changed"), {
            description: t(row.status === "active" ? "status.activated" : "status.deactivated", {
              name: row.name,
            }),
          }),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Button
      type="button"
      size="sm"
      variant={active ? "default" : "outline"}
      className={active ? "bg-emerald-600 hover:bg-emerald-700" : "text-muted-foreground"}
      title={t("status.toggle", { name: customer.name, status: label })}
      disabled={setStatus.isPending}
      onClick={toggle}
    >
      {label}
    </Button>
  );
}
