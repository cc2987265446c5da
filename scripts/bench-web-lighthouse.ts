/**
 * Lighthouse for `npm run bench:web` (scripts/bench-web.ts, scripts/bench-web-app.ts): its default
 * mobile settings (emulated phone, simulated slow 4G, 4x CPU slowdown) in the Chromium the bench
 * launched, the median of `runs` runs by performance.
 */
import lighthouse from "lighthouse";

export type LighthouseFigures<Category extends string = "performance"> = {
  /** 0 to 100, for each category asked. */
  scores: Record<Category, number>;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
};

export async function lighthouseMedian<Category extends string>(
  port: number,
  url: string,
  options: {
    runs: number;
    categories: readonly Category[];
    /**
     * Sent with every request of the run (Lighthouse's `extraHeaders`): a signed-in page gets the
     * session's `Cookie` this way, so the storage reset each run starts with (a cold cache, as a
     * phone's first visit) does not sign it out.
     */
    extraHeaders?: Record<string, string>;
  },
) {
  const runs = [];
  for (let i = 0; i < options.runs; i++) {
    // A run Lighthouse could not finish (a runtime error: no paint seen, the page hung) has no
    // figures: it is tried again, at most twice, and said.
    for (let attempt = 1; ; attempt++) {
      const result = await lighthouse(url, {
        port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...options.categories],
        ...(options.extraHeaders ? { extraHeaders: options.extraHeaders } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { lhr } = result;
      // A signed-in page that sent the browser elsewhere (the sign-in page) measured the wrong page.
      const landed = new URL(lhr.finalDisplayedUrl).pathname;
      if (landed !== new URL(url).pathname) {
        throw new Error(`Lighthouse: ${url} ended on ${landed}`);
      }
      if (!lhr.runtimeError && lhr.categories.performance?.score != null) {
        runs.push(lhr);
        break;
      }
      console.warn(
        `Lighthouse run ${i + 1} of ${url} failed (${lhr.runtimeError?.code ?? "no performance score"}: ${lhr.runtimeError?.message ?? ""})`,
      );
      if (attempt === 3) throw new Error(`Lighthouse could not measure ${url} in 3 attempts`);
    }
  }
  runs.sort(
    (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
  );
  const lhr = runs[Math.floor(runs.length / 2)]!;
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const figures: LighthouseFigures<Category> = {
    scores: Object.fromEntries(
      options.categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>,
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    cls: metric("cumulative-layout-shift"),
  };
  return { lhr, figures };
}

/** The performance columns of a table row: score, FCP, LCP, TBT (ms) and CLS. */
export function performanceCells(figures: LighthouseFigures | null) {
  if (!figures) return ["—", "—", "—", "—", "—"];
  return [
    figures.scores.performance,
    Math.round(figures.fcp),
    Math.round(figures.lcp),
    Math.round(figures.tbt),
    figures.cls.toFixed(3),
  ];
}
