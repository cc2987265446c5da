import { z } from "zod";

/** Query parameters of /login-cliente that say where a sign-up came from (spec section 9). */
const param = z.string().trim().max(100).optional();
export const SignUpOriginParamsSchema = z.object({
  empresa_id: param,
  origem: param,
  parceria: param,
  afiliado: param,
  indicador: param,
  empresa: param,
});
export type SignUpOriginParams = z.infer<typeof SignUpOriginParamsSchema>;

export type SignUpOriginKind = "company" | "partnership" | "referral" | "generic";

export type SignUpOrigin = {
  kind: SignUpOriginKind;
  /** The origin code stored on the profile: empresa_direta_{id}, parceria_{..}, afiliado_cliente_{id} or cadastro_direto. */
  code: string;
  /** The `origem` parameter (channel), e.g. qrcode_empresa. */
  channel: string | null;
  companyId: string | null;
  partnerCompanyId: string | null;
  referrerCustomerId: string | null;
  affiliateId: string | null;
};

const clean = (value: string | null | undefined) => {
  const v = value?.trim();
  return v && /^[A-Za-z0-9_-]+$/.test(v) ? v : null;
};

/**
 * Resolves the sign-up origin from the link's parameters. The more specific source wins:
 * a partnership, then a friend referral (afiliado/indicador, with an optional company), then a
 * direct company link (empresa_id), otherwise a generic sign-up. The server re-checks every id.
 */
export function resolveSignUpOrigin(params: SignUpOriginParams): SignUpOrigin {
  const channel = clean(params.origem);
  const companyId = clean(params.empresa_id) ?? clean(params.empresa);
  const partnership = clean(params.parceria);
  const referrer = clean(params.indicador) ?? clean(params.afiliado);

  if (partnership) {
    const [partnerCompanyId] = partnership.split("_");
    return {
      kind: "partnership",
      code: `parceria_${partnership}`,
      channel,
      companyId,
      partnerCompanyId: partnerCompanyId || null,
      referrerCustomerId: null,
      affiliateId: null,
    };
  }
  if (referrer) {
    return {
      kind: "referral",
      code: `afiliado_cliente_${referrer}`,
      channel,
      companyId,
      partnerCompanyId: null,
      referrerCustomerId: clean(params.indicador),
      affiliateId: clean(params.afiliado),
    };
  }
  if (companyId) {
    return {
      kind: "company",
      code: `empresa_direta_${companyId}`,
      channel,
      companyId,
      partnerCompanyId: null,
      referrerCustomerId: null,
      affiliateId: null,
    };
  }
  return {
    kind: "generic",
    code: "cadastro_direto",
    channel,
    companyId: null,
    partnerCompanyId: null,
    referrerCustomerId: null,
    affiliateId: null,
  };
}
