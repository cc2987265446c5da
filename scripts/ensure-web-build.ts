/**
 * Builds the SPA (dist/web) when it is missing or older than its sources, so `npm start`
 * always serves the current web app without a separate build step.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
// Written last by `npm run build` (client bundles, then the public pages rendered to HTML).
const output = join(root, "dist/web/prerendered/home.pt-BR.html");
const inputs = ["src/web", "src/shared", "vite.config.ts", "package-lock.json"].map((p) =>
  join(root, p),
);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const builtAt = existsSync(output) ? statSync(output).mtimeMs : 0;
const changedAt = Math.max(...inputs.map(newestMtime));
if (builtAt >= changedAt) {
  console.info("Web build is up to date.");
} else {
  console.info(
    builtAt ? "Web sources changed: rebuilding dist/web..." : "Building the web app (dist/web)...",
  );
  execFileSync("npm", ["run", "--silent", "build"], { cwd: root, stdio: "inherit" });
}
