import {
  API_KEY_RATE_LIMIT_PER_MINUTE,
  API_KEY_ROTATION_GRACE_HOURS,
  PURCHASE_AMOUNT_MAX_CENTS,
} from "@shared/integrations.schema";

/**
 * The words of the public API's document (`GET /api/v1/openapi.json`, issue 33): what an
 * integrator reads first, in pt-BR and then English, and the description of each tag.
 */

const maxReais = (PURCHASE_AMOUNT_MAX_CENTS / 100).toLocaleString("pt-BR");

export const PUBLIC_API_DESCRIPTION = `
A API pública do Carimbou leva carimbos, resgates e membros do programa de fidelidade para o seu
sistema de vendas (PDV, maquininha com app, e-commerce). *English below.*

## Autenticação
Crie uma chave em **Integrações** (\`/integracoes\`, só o Dono), com nome, escopos
(\`members:read\`, \`members:write\`, \`stamps:write\`, \`rewards:write\`, \`webhooks:manage\`) e modo.
A chave aparece uma vez só; envie-a em todo pedido:
\`Authorization: Bearer cb_live_…\`. Uma chave revogada, expirada ou inválida recebe **401**
\`api_key_invalid\`; uma chave sem o escopo da rota recebe **403** \`scope_required\`.
Uma chave girada com "manter a antiga" segue valendo por ${API_KEY_ROTATION_GRACE_HOURS} h.

## Modos: teste e produção
Uma chave \`cb_test_…\` age sobre uma cópia de teste (sandbox) da empresa: membros e carimbos
próprios, mostrados à parte no painel. Ela nunca toca dados reais. Uma chave \`cb_live_…\` age sobre
a empresa de verdade.

## Idempotência
Toda escrita (\`POST\`, \`DELETE\`) exige o cabeçalho \`Idempotency-Key\` (até 200 caracteres;
um UUID serve); sem ele, **400** \`idempotency_key_required\`. Repetir a mesma chave com o mesmo
pedido devolve a primeira resposta sem escrever de novo; a mesma chave com outro corpo recebe
**422** \`idempotency_key_reused\`. Em \`POST /api/v1/stamps\`, o \`externalSaleId\` (o id da venda
no seu sistema) faz a venda contar uma vez só, mesmo com chaves de idempotência diferentes.

## Paginação
As listas são por cursor: \`limit\` (até 100) e \`cursor\`. A resposta é
\`{ "data": [...], "nextCursor": "..." }\`; envie \`nextCursor\` como \`cursor\` no próximo pedido
até ele vir \`null\`. Os cursores são opacos: use-os como vieram. Na conciliação
(\`GET /api/v1/stamps\`, \`GET /api/v1/redemptions\`) o \`nextCursor\` nunca se perde: no fim vem
\`hasMore: false\` com o cursor do último item; guarde-o e peça a partir dele na próxima vez. Um
carimbo entra na lista pela hora em que contou: uma gravação ainda em andamento pode surgir com hora
um pouco anterior ao último lido, então recomece um minuto antes (ou sobreponha) e ignore \`id\`s já vistos.

## Valores
Valores de compra vão em centavos, inteiros: R$ 47,50 é \`4750\`. Negativo, fracionário ou acima de
R$ ${maxReais} recebe **400** com o campo nomeado. Com a regra "1 carimbo a cada R$ 10",
R$ 47,50 dá 4 carimbos.

## Erros
Todo erro tem o mesmo formato do app: \`{ "error": { "code": "...", "message": "...",
"fields": { "campo": "motivo" } } }\` (\`fields\` só na validação). Use o \`code\`, estável; a
\`message\` é para pessoas.

## Limites
${API_KEY_RATE_LIMIT_PER_MINUTE} pedidos por minuto por chave; além disso, **429** \`rate_limited\`
com o cabeçalho \`Retry-After\` (segundos). Toda chamada aparece no registro de acessos da empresa
com o nome da chave.

## Webhooks
Em **Integrações** (ou por \`/api/v1/webhook-endpoints\`) a empresa cadastra URLs HTTPS e escolhe
eventos: \`member.joined\`, \`stamp.added\`, \`card.completed\`, \`reward.redeemed\`,
\`claim.decided\`, \`referral.qualified\`. Cada entrega é um \`POST\` JSON
\`{ "type", "timestamp", "data" }\` assinado segundo o [Standard Webhooks](https://www.standardwebhooks.com/):
cabeçalhos \`webhook-id\`, \`webhook-timestamp\` e \`webhook-signature\`, com um segredo
\`whsec_…\` por endpoint. Verifique com a biblioteca \`standardwebhooks\`
(\`new Webhook(secret).verify(body, headers)\`) sobre o corpo cru. Uma resposta fora de 2xx (ou
sem resposta em 10 s) é tentada de novo, em intervalos crescentes, por cerca de um dia; depois o
endpoint é desativado e o Dono recebe um e-mail.

---

The Carimbou public API brings stamps, redemptions and loyalty members into your point-of-sale
system.

**Authentication.** Create a key in *Integrações* (\`/integracoes\`, owner only) with a name, scopes
and a mode; it is shown once. Send \`Authorization: Bearer cb_live_…\` on every request. A revoked,
expired or unknown key gets **401** \`api_key_invalid\`; a key without the route's scope gets
**403** \`scope_required\`.

**Test and live modes.** A \`cb_test_…\` key acts on a sandbox copy of the company (its own members
and stamps, shown apart in the panel) and never touches live data; a \`cb_live_…\` key acts on the
real company.

**Idempotency.** Every write needs an \`Idempotency-Key\` header (up to 200 characters; **400**
\`idempotency_key_required\` without it). The same key with the same request replays the first
answer; with another body it gets **422** \`idempotency_key_reused\`. On \`POST /api/v1/stamps\` an
\`externalSaleId\` makes a sale count once, whatever the idempotency key.

**Pagination.** Lists take \`limit\` (up to 100) and an opaque \`cursor\` and answer
\`{ data, nextCursor }\`; pass \`nextCursor\` back until it is \`null\`. The reconciliation feeds
(\`GET /api/v1/stamps\`, \`/redemptions\`) always give a \`nextCursor\` (the last row's) and
\`hasMore\`: keep the cursor at the end and ask from it next time. A row is listed by the time it
counted, and a write still in flight may appear just before the last one read: overlap a minute and
skip \`id\`s already seen.

**Amounts** are integer centavos (R$ 47,50 = \`4750\`), at most R$ ${maxReais}.

**Errors** are \`{ error: { code, message, fields? } }\`, as in the app: rely on \`code\`.

**Rate limits.** ${API_KEY_RATE_LIMIT_PER_MINUTE} requests a minute per key, then **429**
\`rate_limited\` with \`Retry-After\` (seconds). Every call is in the company's access log with the
key's name.

**Webhooks** are signed per Standard Webhooks (\`webhook-id\`, \`webhook-timestamp\`,
\`webhook-signature\`, one \`whsec_…\` secret per endpoint): verify the raw body with the
\`standardwebhooks\` library. Failed deliveries (non-2xx or no answer within 10 s) are retried with
growing delays for about a day, then the endpoint is disabled and the owner e-mailed.
`.trim();

/**
 * Each tag of the public routes, described. A v1 route with a tag missing here fails the
 * document's test (Redocly's `tag-description`).
 */
export const PUBLIC_API_TAGS: Record<string, string> = {
  Members:
    "Membros do programa: buscar por telefone, e-mail, código curto ou QR code, convidar e ler os cartões. / Loyalty members: find, invite, read their cards.",
  Invitations:
    "Convites: a pessoa aceita antes de qualquer dado ser compartilhado. / Invitations: the person accepts before any data is shared.",
  Cards:
    "Cartões fidelidade de um membro e seus resgates. / A member's loyalty cards and their redemption.",
  Stamps:
    "Carimbos por quantidade ou por valor de compra, e a lista para conciliação. / Stamps by count or purchase value, and the list for reconciliation.",
  Rewards:
    "Resgates de cartões completos, e a lista para conciliação. / Redeeming complete cards, and the list for reconciliation.",
  Redemptions:
    "Resgates de cartões completos, e a lista para conciliação. / Redemptions of complete cards, and the list for reconciliation.",
  Webhooks:
    "Endpoints que recebem eventos assinados (Standard Webhooks). / Endpoints that receive signed events (Standard Webhooks).",
};
