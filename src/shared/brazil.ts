/** The 27 Brazilian federative units (UF code and name). */
export const BRAZILIAN_STATES = [
  { code: "AC", name: "Acre" },
  { code: "AL", name: "Alagoas" },
  { code: "AP", name: "Amapá" },
  { code: "AM", name: "Amazonas" },
  { code: "BA", name: "Bahia" },
  { code: "CE", name: "Ceará" },
  { code: "DF", name: "Distrito Federal" },
  { code: "ES", name: "Espírito Santo" },
  { code: "GO", name: "Goiás" },
  { code: "MA", name: "Maranhão" },
  { code: "MT", name: "Mato Grosso" },
  { code: "MS", name: "Mato Grosso do Sul" },
  { code: "MG", name: "Minas Gerais" },
  { code: "PA", name: "Pará" },
  { code: "PB", name: "Paraíba" },
  { code: "PR", name: "Paraná" },
  { code: "PE", name: "Pernambuco" },
  { code: "PI", name: "Piauí" },
  { code: "RJ", name: "Rio de Janeiro" },
  { code: "RN", name: "Rio Grande do Norte" },
  { code: "RS", name: "Rio Grande do Sul" },
  { code: "RO", name: "Rondônia" },
  { code: "RR", name: "Roraima" },
  { code: "SC", name: "Santa Catarina" },
  { code: "SP", name: "São Paulo" },
  { code: "SE", name: "Sergipe" },
  { code: "TO", name: "Tocantins" },
] as const;

export type StateCode = (typeof BRAZILIAN_STATES)[number]["code"];

export const STATE_CODES = BRAZILIAN_STATES.map((s) => s.code) as [StateCode, ...StateCode[]];

/** Business sectors offered at company sign-up and in the customer interest form. */
export const SECTORS = [
  "alimentacao",
  "moda",
  "beleza",
  "saude",
  "esportes",
  "educacao",
  "tecnologia",
  "servicos",
  "comercio",
  "entretenimento",
  "automotivo",
  "casa",
  "pet",
  "turismo",
] as const;

export type Sector = (typeof SECTORS)[number];
