import { expect } from "vitest";

/** The error code of a refusal (`{ error: { code } }`), checking its status when one is given. */
export async function errorCode(res: Response, status?: number): Promise<string> {
  const body = await res.text();
  if (status !== undefined) expect(res.status, body).toBe(status);
  return (JSON.parse(body) as { error: { code: string } }).error.code;
}
