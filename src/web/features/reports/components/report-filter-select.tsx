import type { ReportFilter } from "@shared/reports.schema";
import { useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Label } from "@/web/components/ui/label";
import { NativeSelect } from "@/web/components/ui/native-select";
import { reportFiltersQueryOptions } from "../api";

/**
 * /relatorios narrowed to a team member ('Equipe') and, for a company with two shops or more, to
 * a shop: the figures and the exports then count what that member (or shop) did. Hidden while the
 * company's team is its owner alone.
 */
export function ReportFilterSelect({
  filter,
  onChange,
}: {
  filter: ReportFilter;
  onChange: (filter: ReportFilter) => void;
}) {
  const { t } = useTranslation("reports");
  const id = useId();
  const choices = useQuery(reportFiltersQueryOptions()).data;
  if (!choices) return null;
  const { members, locations } = choices;
  if (members.length < 2 && locations.length === 0 && !filter.memberId && !filter.locationId) {
    return null;
  }
  return (
    <fieldset className="grid gap-3 sm:flex sm:flex-wrap sm:items-end">
      <legend className="sr-only">{t("filter.legend")}</legend>
      <div className="grid gap-1.5 sm:w-64">
        <Label htmlFor={`${id}-member`}>{t("filter.member")}</Label>
        <NativeSelect
          id={`${id}-member`}
          value={filter.memberId ?? ""}
          onChange={(e) => onChange({ ...filter, memberId: e.target.value || undefined })}
        >
          <option value="">{t("filter.allMembers")}</option>
          {members.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      {locations.length > 0 ? (
        <div className="grid gap-1.5 sm:w-64">
          <Label htmlFor={`${id}-location`}>{t("filter.location")}</Label>
          <NativeSelect
            id={`${id}-location`}
            value={filter.locationId ?? ""}
            onChange={(e) => onChange({ ...filter, locationId: e.target.value || undefined })}
          >
            <option value="">{t("filter.allLocations")}</option>
            {locations.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </fieldset>
  );
}
