/**
 * A company's links for customers, for the server and the web alike (no imports: the dashboard's
 * QR card loads this without the schemas).
 */

/**
 * The link a customer scans or opens to join a company (its QR code on the dashboard and on the
 * poster, 'Copiar link'): the path and query after the app's origin, straight to the sign-up page
 * with the company's welcome card. Codes printed before issue 31 hold `/login-cliente?…` with the
 * same parameters: the server answers those with a 302 here, so they keep working.
 */
export const companyJoinPath = (companyId: string) =>
  `/cadastro-cliente?empresa_id=${encodeURIComponent(companyId)}&origem=qrcode_empresa`;

/** The short link printed on the poster, for typing by hand: it redirects (302) to companyJoinPath. */
export const companyShortPath = (companyId: string) => `/e/${encodeURIComponent(companyId)}`;
