/** What the counter just did (a stamp, a redemption), shown until the next customer. */
export type Done =
  | { kind: "stamped"; added: number; stamps: number; max: number; complete: boolean }
  | { kind: "redeemed"; reward: string };
