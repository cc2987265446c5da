import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { useNavigateTo } from "@/web/lib/nav";
import { useJoinCompany } from "../api";

/**
 * The directory's 'Participar': joins the company's programme and says so ('Você entrou no
 * programa de …!', with the way to the new card), or says why not; 'Entrando...' meanwhile.
 */
export function JoinCompanyButton({
  companyId,
  companyName,
}: {
  companyId: string;
  companyName: string;
}) {
  const { t } = useTranslation("customer");
  const navigate = useNavigateTo();
  const join = useJoinCompany();
  const cardPage = `/dashboard-cliente-cartao-fidelidade/${encodeURIComponent(companyId)}`;
  const onClick = () =>
    join.mutate(companyId, {
      onSuccess: () =>
        toast.success(t("directory.joined", { name: companyName }), {
          description: t("directory.joinedDescription"),
          action: { label: t("directory.openCard"), onClick: () => navigate(cardPage) },
        }),
      onError: (error) =>
        toast.error(t("directory.joinError"), { description: errorMessage(error) }),
    });
  return (
    <Button type="button" size="sm" disabled={join.isPending} onClick={onClick}>
      {join.isPending ? <Spinner /> : null}
      {join.isPending ? t("directory.joining") : t("directory.join")}
    </Button>
  );
}
