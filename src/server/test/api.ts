import createClient from "openapi-fetch";
import { expect } from "vitest";
import type { ApiAnswer } from "@/web/lib/api-client";
import type { components, paths } from "@/web/lib/api-types.gen";
import type { TestApp } from "./test-app";

/**
 * The API as one actor, typed by the OpenAPI document like the web's client (decision 023):
 * `await ok(apiAs(t, cafe.cookie).GET("/api/programs"))`. Each call goes through `t.request`, so
 * it carries the test app's Origin, the cookie and the client address, and the e-mails it queued
 * are sent when it answers, as with `t.request` itself.
 */
export function apiAs(t: TestApp, cookie?: string, { ip }: { ip?: string } = {}) {
  return createClient<paths>({
    // openapi-fetch builds a Request, which needs an absolute URL; only its path is used.
    baseUrl: "http://api.test",
    fetch: async (request) => {
      const url = new URL(request.url);
      const headers = Object.fromEntries(request.headers);
      const body = request.body ? await request.text() : undefined;
      return t.request(`${url.pathname}${url.search}`, {
        method: request.method,
        cookie,
        ip,
        headers,
        ...(body !== undefined ? { body } : {}),
      });
    },
  });
}

type Answer = { response: Response; data?: unknown; error?: unknown };
type SuccessOf<R> = R extends { data: infer D } ? D : never;

/** The typed answer of a call, after checking its status (a mismatch shows the body). */
export async function ok<R extends Answer>(call: Promise<R>, status = 200): Promise<SuccessOf<R>> {
  const { response, data, error } = await call;
  expect(response.status, JSON.stringify(error ?? data)).toBe(status);
  return data as SuccessOf<R>;
}

/** An API error answer (`{ error: { code, message, fields? } }`). */
type ApiErrorBody = components["schemas"]["ApiError"];

/** The error answer of a raw response (a request the types would refuse), checking its status. */
export async function errorBody(res: Response, status: number): Promise<ApiErrorBody> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as ApiErrorBody;
}

/**
 * The answer of a raw response typed as the document types `M P`'s, after checking its status:
 * for a request the types would refuse on purpose (a number sent as text, say).
 */
export async function answerOf<P extends keyof paths, M extends "get" | "put" | "post" | "delete">(
  res: Response,
  status = 200,
): Promise<ApiAnswer<P, M>> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as ApiAnswer<P, M>;
}

/**
 * Runs the job `name` now through `POST /dev/jobs/:name` (outside the API document: a dev route,
 * so its `result` is typed by the caller) and answers what it returned, after checking the status.
 */
export async function runJob<Result = unknown>(
  t: TestApp,
  name: string,
  { now }: { now?: Date } = {},
): Promise<Result> {
  const query = now ? `?now=${now.toISOString()}` : "";
  const res = await t.request(`/dev/jobs/${name}${query}`, { method: "POST" });
  const body = await res.text();
  expect(res.status, body).toBe(200);
  return (JSON.parse(body) as { result: Result }).result;
}
