/**
 * The `fetch` of the component tests. The setup installs it before a test file imports anything,
 * so a client that keeps `fetch` when its module loads (openapi-fetch in lib/api-client.ts) gets it
 * too; it hands each request to the fake API of the running test (`mockApi` in render.tsx), kept
 * on `globalThis` so that every file of a worker (`isolate: false`) reaches the same one. A request
 * without a fake API fails, as a network error would: no component test reaches a server.
 */

/** A request as the fake API sees it: header names in lower case, a JSON body parsed. */
export type FakeRequest = {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
};
type FakeApi = (request: FakeRequest) => Promise<Response>;

const KEY = Symbol.for("carimbou.test.fakeApi");
type Holder = { [KEY]?: FakeApi };

export function setFakeApi(api: FakeApi | undefined) {
  (globalThis as Holder)[KEY] = api;
}

const isRequest = (input: unknown): input is Request =>
  typeof input === "object" && input !== null && "url" in input && "clone" in input;

const isJson = (contentType: string | undefined) =>
  contentType === undefined || contentType.includes("json");

async function readRequest(input: RequestInfo | URL, init?: RequestInit): Promise<FakeRequest> {
  const request = isRequest(input) ? input : null;
  const url = new URL(request ? request.url : String(input), "http://localhost");
  const headers: Record<string, string> = {};
  new Headers(request ? request.headers : init?.headers).forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const text = request
    ? await request.clone().text()
    : typeof init?.body === "string"
      ? init.body
      : "";
  return {
    method: (request ? request.method : (init?.method ?? "GET")).toUpperCase(),
    path: `${url.pathname}${url.search}`,
    // A JSON body parsed; any other (a multipart upload) as its text.
    body: text
      ? isJson(headers["content-type"])
        ? (JSON.parse(text) as unknown)
        : text
      : undefined,
    headers,
  };
}

export function installFakeFetch() {
  globalThis.fetch = async (input, init) => {
    const request = await readRequest(input, init);
    const api = (globalThis as Holder)[KEY];
    if (!api) throw new TypeError(`No fake API in this test for ${request.method} ${request.path}`);
    return api(request);
  };
}
