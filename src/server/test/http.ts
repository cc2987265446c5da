import { expect } from "vitest";

/** The body of an API answer, after checking its status (a mismatch shows the body). */
export async function json<T>(res: Response, status = 200): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/** The error code of a refusal (`{ error: { code } }`), checking its status when one is given. */
export async function errorCode(res: Response, status?: number): Promise<string> {
  const body = await res.text();
  if (status !== undefined) expect(res.status, body).toBe(status);
  return (JSON.parse(body) as { error: { code: string } }).error.code;
}
