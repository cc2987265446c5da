/** How a person joined a programme, in the buckets the reports use ('Novos membros por origem'). */
export type OriginKind =
  | "qrcode"
  | "company_link"
  | "referral"
  | "partnership"
  | "invited"
  | "other";

/** The membership's origin code (`qrcode_empresa`, `parceria_…`, …) as a kind of joining. */
export function originKind(origin: string | null): OriginKind {
  if (!origin) return "other";
  if (origin === "qrcode_empresa") return "qrcode";
  if (origin.startsWith("empresa_direta_")) return "company_link";
  if (origin.startsWith("afiliado_cliente_")) return "referral";
  if (origin.startsWith("parceria_")) return "partnership";
  if (origin === "convite_empresa") return "invited";
  return "other";
}
