import { STAFF_STAMP_METHODS } from "@shared/stamps.schema";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/web/components/ui/native-select";

/**
 * How a stamp was earned: compra, nota fiscal, redes sociais, avaliação Google (spec section 1);
 * the birthday gift is the job's, never offered here.
 */
export function StampMethodSelect(props: Omit<ComponentProps<"select">, "children">) {
  const { t } = useTranslation("stamps");
  return (
    <NativeSelect {...props}>
      {STAFF_STAMP_METHODS.map((m) => (
        <option key={m} value={m}>
          {t(`methods.${m}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
