import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);

export type AxeViolation = { id: string; impact: string | null; targets: string[] };

/** Runs axe-core (WCAG rules and best practices) on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (script-src 'self') does not apply.
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    type Result = {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    const axe = (window as unknown as { axe: { run(options: object): Promise<Result> } }).axe;
    const { violations } = await axe.run({ resultTypes: ["violations"] });
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
}
