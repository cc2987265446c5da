import type { DataHolder, MyPrivacy } from "@shared/privacy.schema";

/** A holder of the component tests: what 'Café Aroma' (or `overrides`) sees of Ana. */
export const holder = (overrides: Partial<DataHolder> = {}): DataHolder => ({
  companyId: "c-cafe",
  tradeName: "Café Aroma",
  logoUrl: null,
  joinedAt: "2026-03-02T13:00:00.000Z",
  origin: "qrcode_empresa",
  closedAt: null,
  sees: {
    name: "Ana Souza",
    email: "ana@example.com",
    phone: "(11) 98888-7777",
    birthDate: "1990-05-17",
    city: "São Paulo",
    state: "SP",
    cards: 2,
    stamps: 7,
    messages: 1,
    claims: 0,
    marketingConsent: null,
  },
  ...overrides,
});

/** GET /api/me/privacy of the component tests. */
export const myPrivacy = (overrides: Partial<MyPrivacy> = {}): MyPrivacy => ({
  holders: [holder()],
  exports: [],
  exportsLeftToday: 3,
  deletion: null,
  consents: {
    push: { enabled: false, devices: 0 },
    wallet: { enabled: true, passes: 0 },
    marketing: [],
    history: [],
  },
  ...overrides,
});
