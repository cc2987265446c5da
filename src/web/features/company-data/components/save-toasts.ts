import { toast } from "sonner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { i18n } from "@/web/lib/i18n";

/** 'Dados salvos com sucesso!' */
export const toastSaved = () => toast.success(i18n.t("company-data:saved"));

/**
 * 'Erro ao salvar' / 'Ocorreu um erro ao salvar os dados. Tente novamente.'; a city, state or
 * sector changed again too soon says so, with the date it becomes possible, a read-only panel
 * (plan_expired) says why and what to do, and demo mode says 'Salvamento desabilitado no modo debug.'.
 */
export const toastSaveError = (error?: unknown) =>
  toast.error(i18n.t("company-data:saveError.title"), {
    description:
      error instanceof ApiError &&
      (error.code === "location_change_too_soon" ||
        error.code === "plan_expired" ||
        error.code === "demo_read_only")
        ? errorMessage(error)
        : i18n.t("company-data:saveError.description"),
  });

/** 'Erro ao carregar dados' / 'Não foi possível carregar os dados da empresa.' */
export const toastLoadError = () =>
  toast.error(i18n.t("company-data:loadError.title"), {
    description: i18n.t("company-data:loadError.description"),
    id: "company-data-load-error",
  });
