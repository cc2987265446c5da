import type { ApiErrorBody } from "@shared/errors";
import createClient, { type FetchResponse, type MaybeOptionalInit } from "openapi-fetch";
import type { components, paths } from "./api-types.gen";
import { onFirstTouch } from "./first-touch";
import { loadNamespaces } from "./i18n";

/** An error answer of the API: `{ error: { code, message, fields? } }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** For `validation_failed`: field name -> message key of the `validation` namespace. */
  readonly fields: Record<string, string>;

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

type RequestOptions = {
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as ApiErrorBody["error"]).code === "string"
  );
}

async function toApiError(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isErrorBody(body)) {
    return new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
  }
  const code = response.status >= 500 ? "internal_error" : `http_${response.status}`;
  return new ApiError(response.status, code, response.statusText || `HTTP ${response.status}`);
}

/**
 * The error texts (`errors`, 4 KB gzipped) are not part of the pages' first screens (decision
 * 042): they are fetched at the first touch of the page, and before any failed request's error
 * reaches the page (its text is then there when `errorMessage` reads it). A 401 (no session, an
 * answer the pages handle without a text) and a cancelled request wait for nothing.
 */
const loadErrorTexts = () => loadNamespaces(["errors"]).catch(() => {});
onFirstTouch(() => void loadErrorTexts());

async function withErrorTexts<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    const unseen =
      (error instanceof ApiError && error.status === 401) ||
      (error instanceof DOMException && error.name === "AbortError");
    if (!unseen) await loadErrorTexts();
    throw error;
  }
}

/** The header that asks the server for the demo café's data (decision 014). */
export const DEMO_HEADER = "X-Carimbou-Demo";
let demoMode = false;

/**
 * Demo mode (`?debug=true`, decision 014): while on, every request carries `X-Carimbou-Demo: 1`,
 * so the server answers the demo café's data and refuses every write. Set only by the
 * DemoModeProvider, with the query cache emptied, so that demo and real answers never mix.
 */
export function setDemoMode(on: boolean) {
  demoMode = on;
}

/** Sends a request with the session cookie; an error answer is thrown as an `ApiError`. */
async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (demoMode) headers[DEMO_HEADER] = "1";
  const isForm = options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers,
    body:
      options.body === undefined
        ? undefined
        : isForm
          ? (options.body as FormData)
          : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * A file the API sends (e.g. the backup zip): its content, the name in Content-Disposition and
 * the answer's headers.
 */
type DownloadedFile = { blob: Blob; fileName: string | null; headers: Headers };

async function download(path: string, options: Omit<RequestOptions, "body"> = {}) {
  const response = await withErrorTexts(send("GET", path, options));
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? null;
  return {
    blob: await response.blob(),
    fileName,
    headers: response.headers,
  } satisfies DownloadedFile;
}

/** The API's named schemas, e.g. `ApiSchemas["Program"]` (generated from its OpenAPI document). */
export type ApiSchemas = components["schemas"];

type Method = "get" | "put" | "post" | "patch" | "delete";
/** The API paths that answer `M`, as the OpenAPI document has them (`/api/programs/{id}`). */
type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends Record<M, object> ? P : never;
}[keyof paths];
type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
/** `{ params?, body?, signal? }`: required when the route has a path parameter or a body. */
type InitArgs<P extends keyof paths, M extends Method> =
  undefined extends Init<P, M> ? [init?: Init<P, M>] : [init: Init<P, M>];
type SuccessOf<R> = R extends { data: infer D } ? D : never;
/** The success answer of `M P` as the document types it, e.g. `ApiAnswer<"/api/cards/{id}", "get">`. */
export type ApiAnswer<P extends keyof paths, M extends Method> = SuccessOf<
  FetchResponse<paths[P][M] & object, unknown, `${string}/${string}`>
>;

/** The query parameters of `M P`, e.g. `ApiQuery<"/api/directory/companies">["sector"]`. */
export type ApiQuery<P extends keyof paths, M extends Method = "get"> = paths[P][M] extends {
  parameters: { query?: infer Query };
}
  ? NonNullable<Query>
  : never;

const client = createClient<paths>({
  credentials: "include",
  headers: { Accept: "application/json" },
});
client.use({
  onRequest({ request }) {
    if (demoMode) request.headers.set(DEMO_HEADER, "1");
  },
  async onResponse({ response }) {
    if (!response.ok) throw await toApiError(response);
  },
});

function call<M extends Method>(method: M) {
  return async <P extends PathsWith<M>>(
    path: P,
    ...[init]: InitArgs<P, M>
  ): Promise<ApiAnswer<P, M>> => {
    const { data } = await withErrorTexts(client.request(method, path as never, init as never));
    return data as ApiAnswer<P, M>;
  };
}

/** The `bodySerializer` of a multipart route: the typed body's fields as a FormData. */
export function formData(body: Record<string, string | Blob>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(body)) form.set(name, value);
  return form;
}

/**
 * The only way the web app talks to the API: same origin, cookies, JSON, typed by the OpenAPI
 * document (decision 023). Paths are the document's, parameters go in `params`:
 * `api.put("/api/programs/{id}", { params: { path: { id } }, body })`. An error answer is
 * thrown as an `ApiError`; the promise holds the success answer.
 */
export const api = {
  get: call("get"),
  post: call("post"),
  put: call("put"),
  patch: call("patch"),
  delete: call("delete"),
  /** A file answer (not JSON); errors are `ApiError`s like any other answer's. */
  download,
};
