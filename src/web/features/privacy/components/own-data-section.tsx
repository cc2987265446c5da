import type { Profile } from "@shared/auth.schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { Row } from "./data-holders-section";
import { PrivacySection } from "./privacy-section";

/** 'Corrigir meus dados': the account's own fields, and the way to correct them (`edit`). */
export function OwnDataSection({ profile, edit }: { profile: Profile; edit?: ReactNode }) {
  const { t } = useTranslation("privacy");
  return (
    <PrivacySection title={t("own.title")} description={t("own.description")}>
      <dl className="grid grid-cols-[6.5rem_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
        <Row label={t("fields.name")} value={profile.name} />
        <Row label={t("fields.email")} value={profile.email} />
        <Row label={t("fields.phone")} value={profile.phone} />
        <Row
          label={t("fields.birthDate")}
          value={profile.birthDate ? formatDate(profile.birthDate.slice(0, 10)) : null}
        />
        <Row label={t("fields.city")} value={profile.city} />
        <Row label={t("own.state")} value={profile.state} />
      </dl>
      {edit ? <div>{edit}</div> : null}
    </PrivacySection>
  );
}
