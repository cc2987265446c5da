import { toast } from "sonner";
import { i18n } from "@/web/lib/i18n";

/** 'Dados salvos com sucesso!' */
export const toastSaved = () => toast.success(i18n.t("company-data:saved"));

/** 'Erro ao salvar' / 'Ocorreu um erro ao salvar os dados. Tente novamente.' */
export const toastSaveError = () =>
  toast.error(i18n.t("company-data:saveError.title"), {
    description: i18n.t("company-data:saveError.description"),
  });

/** 'Erro ao carregar dados' / 'Não foi possível carregar os dados da empresa.' */
export const toastLoadError = () =>
  toast.error(i18n.t("company-data:loadError.title"), {
    description: i18n.t("company-data:loadError.description"),
    id: "company-data-load-error",
  });
