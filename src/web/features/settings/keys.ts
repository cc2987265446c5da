/**
 * Query keys of this feature, and the keys of its mutations (src/web/invalidations.ts wires what
 * they change in other features). Kept apart from api.ts so the app's entry imports only these.
 */
export const settingsKeys = {
  all: ["settings"] as const,
  section: (name: string) => [...settingsKeys.all, name] as const,
  system: () => [...settingsKeys.all, "system"] as const,
  appearance: () => [...settingsKeys.all, "appearance"] as const,
  /** 'Fechar conta' (issue 34). */
  closure: () => [...settingsKeys.all, "closure"] as const,
  /** 'Pedidos de titulares'. */
  privacyRequests: () => [...settingsKeys.all, "privacy-requests"] as const,
};

/** This feature's mutations that change other features' data (src/web/invalidations.ts). */
export const settingsMutations = {
  /** A /configuracoes section saved (e.g. the bell's switches, the add-stamp methods). */
  saveSection: (name: string) => ["settings", "save", name] as const,
  /** 'Fechar conta' and 'Restaurar conta': the whole panel changes (the signed-in `me`). */
  closeAccount: ["settings", "closure", "close"] as const,
  restoreAccount: ["settings", "closure", "restore"] as const,
};
