import { BRAZILIAN_STATES, SECTORS } from "@shared/brazil";
import { useTranslation } from "react-i18next";

/** The 27 UFs as <option>s, after an empty "select" choice. */
export function StateOptions({ emptyLabel }: { emptyLabel?: string } = {}) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{emptyLabel ?? t("select.state")}</option>
      {BRAZILIAN_STATES.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name} ({state.code})
        </option>
      ))}
    </>
  );
}

/** The business sectors as <option>s with readable names. */
export function SectorOptions({ emptyLabel }: { emptyLabel?: string } = {}) {
  const { t } = useTranslation();
  return (
    <>
      <option value="">{emptyLabel ?? t("select.sector")}</option>
      {SECTORS.map((sector) => (
        <option key={sector} value={sector}>
          {t(`sectors.${sector}`)}
        </option>
      ))}
    </>
  );
}
