/** What the counter just did (a stamp, a redemption), shown until the next customer. */
export type Done =
  | { kind: "stamped"; added: number; stamps: number; max: number; complete: boolean }
  | { kind: "redeemed"; reward: string }
  /** Kept in the offline queue (the connection dropped): sent when it is back. */
  | { kind: "queued"; count: number };
