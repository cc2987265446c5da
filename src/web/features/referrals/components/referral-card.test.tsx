// @vitest-environment happy-dom
import type { MyReferral } from "@shared/referrals.schema";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi, renderWithApp } from "@/web/test/render";
import { ReferralCard } from "./referral-card";

const REFERRAL: MyReferral = {
  enabled: true,
  linkPath: "/login-cliente?empresa_id=co-1&indicador=cus-1",
  referredStamps: 1,
  referrerStamps: 1,
  referredBonusCents: 0,
  referrerBonusCents: 0,
  friends: 0,
  rewarded: 0,
  balanceCents: 0,
  invitation: null,
};

async function shareText(referral: MyReferral) {
  mockApi({ "GET /api/me/companies/co-1/referral": { body: referral } });
  renderWithApp(<ReferralCard companyId="co-1" companyName="Café Aurora" />);
  const link = await screen.findByRole("link", { name: /WhatsApp/ });
  const href = new URL(link.getAttribute("href") ?? "");
  return href.searchParams.get("text") ?? "";
}

describe("'Indique e ganhe': the WhatsApp share text", () => {
  it("names the company without an article that would give it a gender", async () => {
    const text = await shareText(REFERRAL);
    expect(text).toContain("Entre no programa de fidelidade de Café Aurora pelo meu link");
    expect(text).not.toContain("da Café Aurora");
    expect(text).toContain("/login-cliente?empresa_id=co-1&indicador=cus-1");
  });

  it("says the same when the friend gets nothing", async () => {
    const text = await shareText({ ...REFERRAL, referredStamps: 0 });
    expect(text).toContain("Entre no programa de fidelidade de Café Aurora pelo meu link: ");
  });
});
