// @vitest-environment happy-dom
import type { ReportFilter, ReportFilters } from "@shared/reports.schema";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { ReportFilterSelect } from "./report-filter-select";

const TEAM: ReportFilters = {
  members: [
    { userId: "u-ana", name: "Ana" },
    { userId: "u-dono", name: "Café Aurora" },
  ],
  locations: [],
};

describe("/relatorios' filter", () => {
  it("offers the team's members, and the shops only when there are two or more", async () => {
    mockApi({ "GET /api/reports/filters": { body: TEAM } });
    const onChange = vi.fn<(filter: ReportFilter) => void>();
    const { user } = renderWithApp(<ReportFilterSelect filter={{}} onChange={onChange} />);
    const member = await screen.findByLabelText("Membro da equipe");
    expect(screen.queryByLabelText("Unidade")).toBeNull();
    await user.selectOptions(member, "Ana");
    expect(onChange).toHaveBeenLastCalledWith({ memberId: "u-ana" });
  });

  it("names the shops of a company with two", async () => {
    mockApi({
      "GET /api/reports/filters": {
        body: {
          ...TEAM,
          locations: [
            { id: "l-centro", name: "Centro" },
            { id: "l-praia", name: "Praia" },
          ],
        },
      },
    });
    const onChange = vi.fn<(filter: ReportFilter) => void>();
    const { user } = renderWithApp(
      <ReportFilterSelect filter={{ memberId: "u-ana" }} onChange={onChange} />,
    );
    await user.selectOptions(await screen.findByLabelText("Unidade"), "Praia");
    expect(onChange).toHaveBeenLastCalledWith({ memberId: "u-ana", locationId: "l-praia" });
    await user.selectOptions(screen.getByLabelText("Membro da equipe"), "Toda a equipe");
    expect(onChange).toHaveBeenLastCalledWith({ memberId: undefined });
  });

  it("is not shown while the owner works alone", async () => {
    const calls = mockApi({
      "GET /api/reports/filters": { body: { members: [TEAM.members[1]], locations: [] } },
    });
    const { queryClient } = renderWithApp(<ReportFilterSelect filter={{}} onChange={() => {}} />);
    await vi.waitFor(() => expect(queryClient.getQueryData(["reports", "filters"])).toBeTruthy());
    expect(calls).toHaveLength(1);
    expect(screen.queryByLabelText("Membro da equipe")).toBeNull();
  });
});
