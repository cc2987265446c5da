/**
 * What the service worker (sw/data.ts) tells a page about the customer's data: whether the
 * network answered, and, when it did not, the time of the kept answer shown instead. Shared by the
 * worker and the page (the offline bar), no DOM or worker types.
 */
export const CONNECTION_MESSAGE = "carimbou:connection";

export type ConnectionMessage = {
  type: typeof CONNECTION_MESSAGE;
  /** Whether the network answered this request. */
  online: boolean;
  /** When the server sent the kept answer shown instead (ISO), if one was shown. */
  dataAt: string | null;
};
