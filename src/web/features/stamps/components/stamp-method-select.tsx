import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { STAMP_METHODS } from "@/shared/stamps.schema";
import { NativeSelect } from "@/web/components/ui/native-select";

/** How a stamp was earned: compra, nota fiscal, redes sociais, avaliação Google (spec section 1). */
export function StampMethodSelect(props: Omit<ComponentProps<"select">, "children">) {
  const { t } = useTranslation("stamps");
  return (
    <NativeSelect {...props}>
      {STAMP_METHODS.map((m) => (
        <option key={m} value={m}>
          {t(`methods.${m}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
