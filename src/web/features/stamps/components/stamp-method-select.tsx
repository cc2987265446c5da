import { STAFF_STAMP_METHODS, type StaffStampMethod } from "@shared/stamps.schema";
import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { NativeSelect } from "@/web/components/ui/native-select";

/**
 * How a stamp was earned: compra, nota fiscal, redes sociais, avaliação Google (spec section 1);
 * the birthday gift is the job's, never offered here.
 */
export function StampMethodSelect({
  methods = STAFF_STAMP_METHODS,
  ...props
}: Omit<ComponentProps<"select">, "children"> & {
  /** The methods the company's rules allow (stamps/methods.ts); all by default. */
  methods?: readonly StaffStampMethod[];
}) {
  const { t } = useTranslation("stamps");
  return (
    <NativeSelect {...props}>
      {methods.map((m) => (
        <option key={m} value={m}>
          {t(`methods.${m}`)}
        </option>
      ))}
    </NativeSelect>
  );
}
