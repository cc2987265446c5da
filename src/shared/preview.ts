/** /mensagens previews (spec section 9: 80 characters). */
export const MESSAGE_PREVIEW_LENGTH = 80;

/** '...' after the first `length` characters of a longer text (the spec's previews). */
export const preview = (text: string, length: number = MESSAGE_PREVIEW_LENGTH) =>
  text.length > length ? `${text.slice(0, length)}…` : text;
