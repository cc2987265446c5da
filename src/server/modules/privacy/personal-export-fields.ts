/**
 * The documented shape of a person's data download (issue 34): each section of `dados.json`, its
 * CSV file and each field, with its CSV header and what it means in pt-BR and English. The JSON
 * and the CSVs hold exactly these fields in this order, and LEIA-ME.txt is written from here, so
 * the documentation cannot drift from the files.
 */
import type { PersonalData } from "./personal-export.queries";

/** How a value is written in the CSV (the JSON keeps it as it is: ISO dates, numbers, booleans). */
const KINDS = ["text", "free", "timestamp", "date", "boolean", "number", "cents", "list"] as const;
export type FieldKind = (typeof KINDS)[number];

export type ExportField = { key: string; header: string; kind: FieldKind; pt: string; en: string };

export type ExportSection = {
  key: keyof PersonalData;
  csv: string;
  pt: string;
  en: string;
  fields: ExportField[];
};

/** One field a line: `key | CSV header | kind | pt-BR | English`. */
function table(text: string): ExportField[] {
  return text
    .trim()
    .split("\n")
    .map((line) => {
      const [key, header, kind, pt, en, ...rest] = line.split("|").map((cell) => cell.trim());
      if (
        !key ||
        !header ||
        !pt ||
        !en ||
        rest.length > 0 ||
        !(KINDS as readonly string[]).includes(kind ?? "")
      ) {
        throw new Error(`Bad export field: ${line}`);
      }
      return { key, header, kind: kind as FieldKind, pt, en };
    });
}

export const EXPORT_SECTIONS: ExportSection[] = [
  {
    key: "profile",
    csv: "perfil.csv",
    pt: "Sua conta e seu perfil",
    en: "Your account and profile",
    fields: table(`
      id | ID | text | identificador da sua conta | your account's id
      name | Nome | free | nome | name
      email | Email | free | e-mail | e-mail address
      emailVerified | Email confirmado | boolean | e-mail confirmado | e-mail confirmed
      phone | Telefone | free | telefone | phone
      birthDate | Data de nascimento | date | data de nascimento | birth date
      city | Cidade | free | cidade | city
      state | Estado | text | estado (UF) | state
      language | Idioma | text | idioma escolhido (pt, en) | language chosen (pt, en)
      theme | Tema | text | tema escolhido (light, dark) | theme chosen (light, dark)
      origin | Origem do cadastro | text | como você se cadastrou | how you signed up
      originChannel | Canal | text | canal do link de cadastro | the sign-up link's channel
      emailReplies | Avisos de respostas | boolean | e-mail quando uma empresa responde | e-mail when a company answers
      emailCompletedCards | Avisos de cartão completo | boolean | e-mail quando um cartão completa | e-mail when a card is complete
      emailRefusedClaims | Avisos de pedido recusado | boolean | e-mail quando um pedido de carimbo é recusado | e-mail when a stamp request is refused
      walletUpdates | Atualizar carteiras digitais | boolean | cartões na Apple/Google Wallet atualizados | wallet passes kept updated
      twoFactorEnabled | Verificação em duas etapas | boolean | verificação em duas etapas ligada | two-factor sign-in on
      createdAt | Cadastro | timestamp | data do cadastro | signed up at
      updatedAt | Atualizado em | timestamp | última alteração | last changed at
    `),
  },
  {
    key: "memberships",
    csv: "programas.csv",
    pt: "Programas de fidelidade de que você participa (quem tem seus dados)",
    en: "Loyalty programmes you joined (who holds your data)",
    fields: table(`
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      status | Situação | text | active (ativo) ou inactive (inativo) | active or inactive
      origin | Origem | text | como você entrou (ex.: qrcode_empresa) | how you joined (e.g. qrcode_empresa)
      joinedAt | Entrada | timestamp | quando você entrou | when you joined
      companyPhone | Telefone (registro da empresa) | free | telefone anotado pela empresa | phone the company recorded
      companyBirthDate | Nascimento (registro da empresa) | date | nascimento anotado pela empresa | birth date the company recorded
      companyCity | Cidade (registro da empresa) | free | cidade anotada pela empresa | city the company recorded
      companyState | Estado (registro da empresa) | text | estado anotado pela empresa | state the company recorded
      companyNotes | Observações da empresa | free | observações da empresa sobre você | the company's notes about you
      companyClosedAt | Empresa encerrou em | timestamp | a empresa encerrou a conta | the company closed its account
    `),
  },
  {
    key: "cards",
    csv: "cartoes.csv",
    pt: "Cartões fidelidade",
    en: "Loyalty cards",
    fields: table(`
      id | ID | text | identificador do cartão | the card's id
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      programName | Programa | free | programa do cartão | the card's programme
      stamps | Carimbos | number | carimbos no cartão | stamps on the card
      maxStamps | Carimbos necessários | number | carimbos para completar | stamps to complete it
      reward | Recompensa | free | recompensa | reward
      status | Situação | text | active (ativo), complete (completo) ou redeemed (utilizado) | active, complete or redeemed
      createdAt | Criado em | timestamp | quando foi aberto | opened at
      completedAt | Completo em | timestamp | quando completou | completed at
      redeemedAt | Utilizado em | timestamp | quando a recompensa foi resgatada | reward redeemed at
    `),
  },
  {
    key: "stamps",
    csv: "carimbos.csv",
    pt: "Carimbos recebidos ou pedidos",
    en: "Stamps received or asked for",
    fields: table(`
      id | ID | text | identificador do carimbo | the stamp's id
      cardId | ID do cartão | text | cartão do carimbo | the stamp's card
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      method | Tipo | text | purchase (compra), receipt (nota), social (rede social), google_review (avaliação), birthday (aniversário), referral (indicação), import (cartão de papel) | purchase, receipt, social, google_review, birthday, referral, import
      count | Quantidade | number | carimbos dados | stamps given
      status | Situação | text | approved (aprovado), pending (pendente), rejected (recusado) | approved, pending, rejected
      claimed | Pedido por você | boolean | você pediu o carimbo | you asked for it
      notes | Observações | free | observações da empresa | the company's notes
      amountCents | Valor da compra (R$) | cents | valor da compra (JSON: em centavos) | purchase amount (JSON: in cents)
      locationName | Loja | free | loja onde foi dado | shop where it was given
      createdAt | Data | timestamp | quando foi dado ou pedido | given or asked for at
      approvedAt | Aprovado em | timestamp | quando foi aprovado | approved at
      reviewedAt | Analisado em | timestamp | quando o pedido foi analisado | request reviewed at
    `),
  },
  {
    key: "redemptions",
    csv: "resgates.csv",
    pt: "Recompensas resgatadas",
    en: "Rewards redeemed",
    fields: table(`
      cardId | ID do cartão | text | cartão resgatado | the redeemed card
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      reward | Recompensa | free | recompensa | reward
      redeemedAt | Data | timestamp | quando foi resgatada | redeemed at
      locationName | Loja | free | loja do resgate | shop
      bonusType | Tipo de bônus | free | tipo de bônus anotado | bonus type noted
      notes | Observações | free | observações da empresa | the company's notes
    `),
  },
  {
    key: "messages",
    csv: "mensagens.csv",
    pt: "Mensagens às empresas e respostas",
    en: "Messages to companies and their answers",
    fields: table(`
      id | ID | text | identificador da mensagem | the message's id
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      sender | De | text | customer (você) ou company (a empresa) | customer (you) or company
      subject | Assunto | free | assunto de um aviso da empresa | subject of a company notice
      body | Mensagem | free | texto | text
      replyToId | Responde a | text | mensagem respondida | the message answered
      assistantName | Resposta automática de | free | assistente que respondeu | the assistant that answered
      status | Situação | text | pending (aguardando) ou answered (respondida) | pending or answered
      createdAt | Data | timestamp | quando foi enviada | sent at
    `),
  },
  {
    key: "claims",
    csv: "pedidos-de-carimbo.csv",
    pt: "Pedidos de carimbo e arquivos enviados (pasta arquivos/)",
    en: "Stamp requests and uploaded files (folder arquivos/)",
    fields: table(`
      id | ID | text | identificador do pedido | the request's id
      cardId | ID do cartão | text | cartão | card
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      method | Tipo | text | receipt (nota), social (rede social), google_review (avaliação) | receipt, social, google_review
      status | Situação | text | pending, approved, rejected | pending, approved, rejected
      network | Rede social | text | rede social | social network
      link | Link | free | link da publicação | the post's link
      file | Arquivo | text | arquivo enviado, nesta pasta | uploaded file, in this folder
      createdAt | Data | timestamp | quando foi pedido | asked for at
      reviewedAt | Analisado em | timestamp | quando foi analisado | reviewed at
      rejectionReason | Motivo da recusa | free | motivo de uma recusa | why it was refused
    `),
  },
  {
    key: "referrals",
    csv: "indicacoes.csv",
    pt: "Indicações (você indicou ou foi indicado)",
    en: "Referrals (you referred or were referred)",
    fields: table(`
      id | ID | text | identificador da indicação | the referral's id
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      role | Papel | text | referrer (você indicou) ou referred (você foi indicado) | referrer or referred
      state | Situação | text | pending, qualified, rewarded, held, blocked | pending, qualified, rewarded, held, blocked
      stampsReceived | Carimbos recebidos | number | carimbos que você ganhou | stamps you got
      bonusCentsReceived | Bônus recebido (R$) | cents | bônus que você ganhou (JSON: em centavos) | bonus you got (JSON: in cents)
      signUpIpAddress | IP do cadastro | text | seu endereço IP ao se cadastrar pela indicação | your IP address when you signed up through it
      createdAt | Data | timestamp | quando foi registrada | recorded at
      qualifiedAt | Qualificada em | timestamp | quando se qualificou | qualified at
      rewardedAt | Recompensada em | timestamp | quando foi recompensada | rewarded at
    `),
  },
  {
    key: "bonusEntries",
    csv: "bonus.csv",
    pt: "Bônus em dinheiro (créditos e usos)",
    en: "Cash bonus (credits and uses)",
    fields: table(`
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      kind | Tipo | text | referred, referrer (créditos) ou used (uso) | referred, referrer (credits) or used
      amountCents | Valor (R$) | cents | valor (JSON: em centavos; uso negativo) | amount (JSON: in cents; a use is negative)
      note | Observação | free | observação | note
      createdAt | Data | timestamp | data | at
    `),
  },
  {
    key: "marketingConsents",
    csv: "consentimentos.csv",
    pt: "Consentimentos de comunicações, com o texto exato que você aceitou",
    en: "Marketing consents, with the exact text you agreed to",
    fields: table(`
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      text | Texto aceito | free | texto exato aceito | exact text agreed to
      source | Onde | text | sign_up, join, settings | sign_up, join, settings
      grantedAt | Concedido em | timestamp | quando foi dado | granted at
      revokedAt | Retirado em | timestamp | quando foi retirado | withdrawn at
      revokedVia | Retirado por | text | settings ou opt_out_link | settings or opt_out_link
    `),
  },
  {
    key: "consentRecords",
    csv: "consentimentos-historico.csv",
    pt: "Histórico de alterações de consentimento",
    en: "History of consent changes",
    fields: table(`
      kind | Tipo | text | marketing, push (notificações) ou wallet (carteiras) | marketing, push or wallet
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      granted | Concedido | boolean | ligado (sim) ou retirado (não) | given (yes) or withdrawn (no)
      source | Onde | text | onde a alteração foi feita | where it was changed
      createdAt | Data | timestamp | quando | at
    `),
  },
  {
    key: "signIns",
    csv: "acessos.csv",
    pt: "Histórico de acessos (entradas na conta)",
    en: "Sign-in history",
    fields: table(`
      createdAt | Data | timestamp | quando | at
      success | Sucesso | boolean | entrou ou não | signed in or not
      failure | Motivo da falha | text | motivo de uma falha | why it failed
      ipAddress | IP | text | endereço IP | IP address
      userAgent | Navegador | free | navegador e aparelho | browser and device
    `),
  },
  {
    key: "interests",
    csv: "interesses.csv",
    pt: "Interesses que você enviou",
    en: "Interests you sent",
    fields: table(`
      id | ID | text | identificador do interesse | the interest's id
      sector | Ramo | text | ramo procurado | sector
      city | Cidade | free | cidade | city
      state | Estado | text | estado | state
      description | Descrição | free | descrição | description
      status | Situação | text | pending ou answered | pending or answered
      createdAt | Data | timestamp | quando foi enviado | sent at
    `),
  },
  {
    key: "interestReplies",
    csv: "respostas-interesses.csv",
    pt: "Respostas das empresas aos seus interesses",
    en: "Companies' answers to your interests",
    fields: table(`
      interestId | ID do interesse | text | interesse respondido | the interest answered
      companyId | ID da empresa | text | identificador da empresa | the company's id
      companyName | Empresa | free | nome da empresa | the company's name
      body | Resposta | free | texto | text
      createdAt | Data | timestamp | quando | at
    `),
  },
  {
    key: "pushDevices",
    csv: "dispositivos.csv",
    pt: "Aparelhos com notificações push (sem as chaves do aparelho)",
    en: "Devices with push notices (without the device's keys)",
    fields: table(`
      createdAt | Ativado em | timestamp | quando foi ativado | switched on at
      userAgent | Navegador | free | navegador e aparelho | browser and device
      language | Idioma | text | idioma dos avisos | the notices' language
      kinds | Avisos | list | tipos de aviso ligados | kinds of notice on
      lastSuccessAt | Último envio | timestamp | último aviso entregue | last notice delivered
    `),
  },
];
