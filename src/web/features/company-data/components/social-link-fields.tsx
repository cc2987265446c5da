import type { SocialLinkField } from "@shared/company-data.schema";
import { useTranslation } from "react-i18next";
import { type BoundField, TextField } from "./data-fields";

/** Instagram, Facebook, ... : each a handle (@name) or a full link. */
export function SocialLinkFields({
  fields,
}: {
  fields: { network: SocialLinkField; field: BoundField }[];
}) {
  const { t } = useTranslation("company-data");
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {fields.map(({ network, field }) => (
        <TextField
          key={network}
          field={field}
          label={t(`fields.${network}`)}
          hint={t("hints.social")}
          autoComplete="off"
          spellCheck={false}
        />
      ))}
    </div>
  );
}

/** The Google review link (a full URL). */
export function ReviewLinkField({ field }: { field: BoundField }) {
  const { t } = useTranslation("company-data");
  return (
    <TextField
      field={field}
      label={t("fields.googleReviewUrl")}
      hint={t("hints.googleReviewUrl")}
      type="url"
      inputMode="url"
      autoComplete="off"
      spellCheck={false}
      placeholder="https://g.page/r/..."
    />
  );
}
