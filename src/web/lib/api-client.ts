import type { ApiErrorBody } from "@shared/errors";

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

async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(method, path, {
    ...options,
    headers: { Accept: "application/json", ...options.headers },
  });
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A file the API sends (e.g. the backup zip): its content and the name in Content-Disposition. */
type DownloadedFile = { blob: Blob; fileName: string | null };

async function download(path: string, options: Omit<RequestOptions, "body"> = {}) {
  const response = await send("GET", path, options);
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? null;
  return { blob: await response.blob(), fileName } satisfies DownloadedFile;
}

/** The only way the web app talks to the API: same origin, cookies, JSON. */
export const apiClient = {
  get: <T>(path: string, options?: Omit<RequestOptions, "body">) =>
    request<T>("GET", path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">) =>
    request<T>("POST", path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, "body">) =>
    request<T>("PUT", path, { ...options, body }),
  delete: <T = void>(path: string, options?: Omit<RequestOptions, "body">) =>
    request<T>("DELETE", path, options),
  /** A file answer (not JSON); errors are `ApiError`s like any other answer's. */
  download,
};
