import { readFileSync, writeFileSync } from "node:fs";

const doc = new URL("../docs/performance.md", import.meta.url);

/**
 * Replaces the section that starts with `heading` in docs/performance.md (up to the next `## `),
 * or appends it the first time. `section` starts with that heading.
 */
export function writePerformanceSection(heading: string, section: string) {
  let previous = "";
  try {
    previous = readFileSync(doc, "utf8");
  } catch {
    previous =
      "# Performance\n\nFigures the project keeps; `npm run bench` rewrites its sections.\n";
  }
  const start = previous.indexOf(`\n${heading}`);
  if (start < 0) {
    writeFileSync(doc, `${previous.trimEnd()}\n\n${section}`);
    return;
  }
  const next = previous.indexOf("\n## ", start + 1);
  const rest = next >= 0 ? previous.slice(next + 1) : "";
  writeFileSync(doc, `${previous.slice(0, start + 1)}${section}${rest ? `\n${rest}` : ""}`);
}
