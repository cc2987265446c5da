import { crc32, deflateSync } from "node:zlib";
import type { APIRequestContext } from "playwright-core";

type Server = { baseUrl: string };

/** What a café sets up before printing its QR code: the card the landing page shows. */
export const DRESSED_COMPANY = {
  brandColor: "#6b3e26",
  stampsRequired: 8,
  reward: "1 café expresso",
  promotion: {
    active: true,
    title: "Semana do pão de queijo",
    description: "Na compra de um café, o pão de queijo sai pela metade do preço.",
    startsOn: null,
    endsOn: null,
  },
} as const;

/** A 128 px PNG logo: a disc in `color` on a cream square (written by hand: no image library). */
export function logoPng(color: string = DRESSED_COMPANY.brandColor): Buffer {
  const size = 128;
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(color.slice(i, i + 2), 16));
  const rows = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const inside = (x - 63.5) ** 2 + (y - 63.5) ** 2 < 55 ** 2;
      const at = y * (size * 3 + 1) + 1 + x * 3;
      rows.set(inside ? [r!, g!, b!] : [255, 247, 237], at);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function ok<R extends { ok(): boolean; status(): number; text(): Promise<string> }>(
  response: R,
  what: string,
): Promise<R> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return response;
}

/**
 * Dresses the signed-in company (`request` carries its owner's session) as a café would: brand
 * colour, a logo, the default programme '8 carimbos = 1 café expresso' and a running promotion.
 */
export async function dressCompany(
  request: APIRequestContext,
  server: Server,
  options: { logo?: boolean; promotion?: boolean } = {},
) {
  const headers = { origin: server.baseUrl };
  const url = (path: string) => `${server.baseUrl}${path}`;
  const data = (await (
    await ok(await request.get(url("/api/company/data")), "company data")
  ).json()) as Record<string, unknown>;
  const { id: _id, logoUrl: _logo, updatedAt: _updated, ...fields } = data;
  const blank = Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [key, value ?? ""]),
  );
  await ok(
    await request.put(url("/api/company/data"), {
      headers,
      data: { ...blank, brandColor: DRESSED_COMPANY.brandColor },
    }),
    "brand colour",
  );
  const programs = (await (
    await ok(await request.get(url("/api/programs")), "programmes")
  ).json()) as {
    id: string;
    name: string;
    isDefault: boolean;
    description: string;
  }[];
  const program = programs.find((p) => p.isDefault);
  if (!program) throw new Error("the company has no default programme");
  await ok(
    await request.put(url(`/api/programs/${program.id}`), {
      headers,
      data: {
        name: program.name,
        description: program.description,
        stampsRequired: DRESSED_COMPANY.stampsRequired,
        reward: DRESSED_COMPANY.reward,
      },
    }),
    "programme",
  );
  if (options.promotion !== false) {
    await ok(
      await request.put(url("/api/settings/promotion"), {
        headers,
        data: DRESSED_COMPANY.promotion,
      }),
      "promotion",
    );
  }
  if (options.logo !== false) {
    await ok(
      await request.post(url("/api/company/logo"), {
        headers,
        multipart: { file: { name: "logo.png", mimeType: "image/png", buffer: logoPng() } },
      }),
      "logo",
    );
  }
  return { programId: program.id };
}
