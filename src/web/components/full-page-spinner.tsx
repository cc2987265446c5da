import { useTranslation } from "react-i18next";
import { Spinner } from "./ui/spinner";

/** Shown while the session (or another page-wide query) loads. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8 text-primary" label={t("loading")} />
    </div>
  );
}
