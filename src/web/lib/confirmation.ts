export type ConfirmationResult = "confirmed" | "failed";

/**
 * The result of the e-mail confirmation link, which the server sends back with `?confirmado=1`
 * or `?error=<reason>` (an error wins over `confirmado`).
 */
export function readConfirmationResult(params: URLSearchParams): ConfirmationResult | null {
  if (params.has("error")) return "failed";
  if (params.get("confirmado") === "1") return "confirmed";
  return null;
}
