import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";
import { Button } from "./ui/button";

/** Last line of defence: a render error anywhere in the app ends up here. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <div className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="font-bold text-2xl">{t("routeError.title")}</h1>
      <p className="text-muted-foreground">{t("routeError.description")}</p>
      <Button type="button" onClick={() => window.location.reload()}>
        {t("routeError.reload")}
      </Button>
    </div>
  );
}
