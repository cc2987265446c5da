import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { STAMP_METHODS, type StampMethod } from "@/shared/stamps.schema";
import { NativeSelect } from "./ui/native-select";

type Props = Omit<ComponentProps<"select">, "value" | "onChange"> & {
  value: StampMethod;
  onChange: (method: StampMethod) => void;
};

/** How a stamp was earned: compra, nota fiscal, redes sociais, avaliação Google (spec section 1). */
export function StampMethodSelect({ value, onChange, ...props }: Props) {
  const { t } = useTranslation("stamps");
  return (
    <NativeSelect
      {...props}
      value={value}
      onChange={(e) => onChange(e.target.value as StampMethod)}
    >
      {STAMP_METHODS.map((m) => (
        <option key={m} value={m}>
          {t(`methods.${m}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
