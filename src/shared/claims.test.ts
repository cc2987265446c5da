import { describe, expect, it } from "vitest";
import { socialProfile } from "./claims.schema";

describe("a company's profile on a network, as customers see it", () => {
  it("reads a handle with or without @ and links it on the network's site", () => {
    expect(socialProfile("instagram", "@cafedoponto")).toEqual({
      network: "instagram",
      label: "@cafedoponto",
      url: "https://www.instagram.com/cafedoponto",
    });
    expect(socialProfile("tiktok", "cafedoponto")?.url).toBe("https://www.tiktok.com/@cafedoponto");
  });

  it("names a saved link by its last part and keeps the link", () => {
    expect(socialProfile("instagram", "https://www.instagram.com/cafedoponto/")).toEqual({
      network: "instagram",
      label: "@cafedoponto",
      url: "https://www.instagram.com/cafedoponto/",
    });
    expect(socialProfile("tiktok", "https://www.tiktok.com/@cafedoponto")?.label).toBe(
      "@cafedoponto",
    );
  });

  it("offers nothing for an empty value or a link on another site", () => {
    expect(socialProfile("instagram", "")).toBeNull();
    expect(socialProfile("instagram", "  ")).toBeNull();
    expect(socialProfile("instagram", "https://facebook.com/cafedoponto")).toBeNull();
  });
});
