// @vitest-environment happy-dom
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Toaster, toast } from "./toast";

/** Every `toast.x(` the web app calls, from its sources. */
function toastCalls(): Set<string> {
  const root = join(process.cwd(), "src/web");
  const files = readdirSync(root, { recursive: true, encoding: "utf8" }).filter(
    (file) => /\.tsx?$/.test(file) && !file.includes("test"),
  );
  const calls = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(join(root, file), "utf8").matchAll(/\btoast\.(\w+)\(/g)) {
      calls.add(match[1] ?? "");
    }
  }
  return calls;
}

describe("the toasts' shim (sonner fetched when needed, decision 042)", () => {
  it("shows a toast asked for before sonner is there, with the id it gave at once", async () => {
    render(<Toaster />);
    const id = toast.success("Salvo!", { description: "Tudo certo." });
    expect(typeof id).toBe("string");
    expect(toast.error("Falhou", { id: "fixed" })).toBe("fixed");
    expect(await screen.findByText("Salvo!")).toBeTruthy();
    expect(screen.getByText("Tudo certo.")).toBeTruthy();
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText("Salvo!")).toBeNull());
  });

  it("has every toast call the app makes", () => {
    const calls = toastCalls();
    expect(calls.has("success") && calls.has("error")).toBe(true);
    for (const call of calls)
      expect(typeof toast[call as keyof typeof toast], call).toBe("function");
  });
});
