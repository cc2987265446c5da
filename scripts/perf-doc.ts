import { readFileSync, writeFileSync } from "node:fs";

const doc = new URL("../docs/performance.md", import.meta.url);

/**
 * Replaces the section that starts with `heading` in docs/performance.md (up to the next `## `),
 * or appends it the first time. `section` starts with that heading. A hand-written paragraph
 * starting with "Reading:" at the end of the old section is kept (to be revised with the figures).
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
  const old = previous.slice(start + 1, next >= 0 ? next + 1 : undefined);
  const reading = old.includes("\nReading:")
    ? `${old.slice(old.indexOf("\nReading:") + 1).trimEnd()}\n`
    : "";
  const body = reading ? `${section.trimEnd()}\n\n${reading}` : section;
  writeFileSync(doc, `${previous.slice(0, start + 1)}${body}${rest ? `\n${rest}` : ""}`);
}
