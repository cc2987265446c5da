import { useTranslation } from "react-i18next";
import { Spinner } from "./ui/spinner";

/** Shown while the session (or another page-wide query) loads. */
export function FullPageSpinner() {
  // Never waits for texts: it is what shows while they load (English's `common` at the start,
  // decision 042); until then its label is the pt-BR one.
  const { t } = useTranslation("common", { useSuspense: false });
  return (
    <div className="flex min-h-svh items-center justify-center">
      <Spinner className="size-8 text-primary" label={t("loading")} />
    </div>
  );
}
