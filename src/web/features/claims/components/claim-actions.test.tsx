// @vitest-environment happy-dom
import type { ClaimOptions } from "@shared/claims.schema";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it } from "vitest";
import { loadNamespaces } from "@/web/lib/i18n";
import { mockApi, renderWithApp } from "@/web/test/render";
import { ClaimActions } from "./claim-actions";

const OPTIONS: ClaimOptions = {
  receipt: true,
  socialNetworks: ["instagram"],
  googleReviewUrl: "https://g.page/r/cafe/review",
  socialProfiles: [],
  social: { stamps: 1, bonus: null },
  review: { stamps: 2, bonus: "Um petisco grátis" },
};

describe("the customer's ways to ask for a stamp", () => {
  beforeAll(() => loadNamespaces(["claims"]));

  it("says what a review and a social post earn, with the rule's bonus when there is one", async () => {
    mockApi({ "GET /api/me/claims": { body: [] } });
    renderWithApp(<ClaimActions cardId="k1" options={OPTIONS} />);
    const lines = (await screen.findAllByTestId("claim-earns")).map((p) => p.textContent);
    expect(lines).toEqual(["Vale 1 carimbo", "Vale 2 carimbos + Um petisco grátis"]);
  });

  it("shows the company's @handle on the chosen network, linked to its profile", async () => {
    mockApi({ "GET /api/me/claims": { body: [] } });
    renderWithApp(
      <ClaimActions
        cardId="k1"
        options={{
          ...OPTIONS,
          socialNetworks: ["instagram", "tiktok"],
          socialProfiles: [
            {
              network: "instagram",
              label: "@cafedoponto",
              url: "https://www.instagram.com/cafedoponto",
            },
          ],
        }}
      />,
    );
    const handle = await screen.findByRole("link", { name: "@cafedoponto" });
    expect(handle.getAttribute("href")).toBe("https://www.instagram.com/cafedoponto");
    expect(screen.getByText(/Marque ou siga a empresa/)).toBeTruthy();
    // TikTok: the company saved no profile there, so none is shown.
    await userEvent.selectOptions(screen.getByLabelText("Rede social"), "tiktok");
    expect(screen.queryByRole("link", { name: "@cafedoponto" })).toBeNull();
    expect(screen.queryByText(/Marque ou siga a empresa/)).toBeNull();
  });
});
