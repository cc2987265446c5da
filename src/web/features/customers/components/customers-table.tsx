import type { CustomerRow } from "@shared/customers.schema";
import { Handshake } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "@/web/lib/format";
import { CustomerCardsDialog } from "./customer-cards-dialog";
import { CustomerDetailsDialog } from "./customer-details-dialog";
import { CustomerStatusToggle } from "./customer-status-toggle";

/** What another feature adds to a customer's 'Ver Detalhes' (the route passes it). */
type DetailsSection = (customer: CustomerRow) => ReactNode;
type ListProps = { customers: CustomerRow[]; detailsSection?: DetailsSection };

/**
 * The /clientes customers: on a phone one card per customer (no sideways scrolling), from 768 px
 * the table: Cliente, Dados, Cartões, Status, Mensagens, Cadastro, and the dialogs.
 * `detailsSection` renders another feature's part of 'Ver Detalhes' (the referral bonus).
 */
export function CustomersTable(props: ListProps) {
  return (
    <>
      <CustomerCards {...props} />
      <Table {...props} />
    </>
  );
}

/** E-mail, phone, city/state and birthday, one per line. */
function ContactLines({ customer: c }: { customer: CustomerRow }) {
  const { t } = useTranslation("customers");
  return (
    <>
      <span className="break-all">{c.email}</span>
      {c.phone ? <span>{c.phone}</span> : null}
      {c.city || c.state ? <span>{[c.city, c.state].filter(Boolean).join("/")}</span> : null}
      {c.birthDate ? <span>{t("table.birthday", { date: formatDate(c.birthDate) })}</span> : null}
    </>
  );
}

/** "Indicado pelo parceiro <empresa>": the customer joined through a partner's link. */
function PartnerOrigin({ customer: c }: { customer: CustomerRow }) {
  const { t } = useTranslation("customers");
  if (!c.partnerOrigin) return null;
  return (
    <span
      data-testid="partner-origin"
      className="inline-flex w-fit items-center gap-1 rounded-full bg-primary/10 px-2 py-0.5 font-medium text-primary text-xs"
    >
      <Handshake aria-hidden="true" className="size-3" />
      {t("table.partnerOrigin", { name: c.partnerOrigin })}
    </span>
  );
}

function MessagesCount({ customer: c }: { customer: CustomerRow }) {
  const { t } = useTranslation("customers");
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      {t("table.messagesCount", { count: c.messages })}
      {c.pendingMessages > 0 ? (
        <span className="rounded-full bg-destructive px-2 py-0.5 font-medium text-white text-xs">
          {t("table.new")}
        </span>
      ) : null}
    </span>
  );
}

function Actions({
  customer,
  detailsSection,
}: {
  customer: CustomerRow;
  detailsSection?: DetailsSection;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <CustomerDetailsDialog customer={customer}>
        {detailsSection?.(customer)}
      </CustomerDetailsDialog>
      <CustomerCardsDialog customer={customer} />
    </div>
  );
}

/** Below 768 px: a card per customer with the same data and actions as a table row. */
function CustomerCards({ customers, detailsSection }: ListProps) {
  const { t } = useTranslation("customers");
  return (
    <ul className="grid gap-3 md:hidden" aria-label={t("table.label")}>
      {customers.map((c) => (
        <li
          key={c.id}
          aria-label={c.name}
          className="grid min-w-0 gap-3 rounded-lg border bg-card p-4 text-sm"
        >
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="break-words font-medium">{c.name}</p>
              <PartnerOrigin customer={c} />
            </div>
            <CustomerStatusToggle customer={c} />
          </div>
          <div className="grid gap-0.5 text-xs">
            <ContactLines customer={c} />
          </div>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground text-xs">
            <span>{t("table.cardsCount", { count: c.totalCards })}</span>
            <MessagesCount customer={c} />
            <span>{t("table.joinedOn", { date: formatDate(c.joinedAt) })}</span>
          </div>
          <Actions customer={c} detailsSection={detailsSection} />
        </li>
      ))}
    </ul>
  );
}

function Table({ customers, detailsSection }: ListProps) {
  const { t } = useTranslation("customers");
  const headers = ["customer", "data", "cards", "status", "messages", "joined", "actions"] as const;
  return (
    <div className="hidden overflow-x-auto rounded-lg border bg-card md:block">
      <table className="w-full min-w-[56rem] text-left text-sm" aria-label={t("table.label")}>
        <thead className="border-b bg-muted/50 text-muted-foreground text-xs uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-medium">
                {t(`table.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {customers.map((c) => (
            <tr key={c.id} className="border-b align-top last:border-0">
              <td className="px-3 py-3">
                <p className="font-medium">{c.name}</p>
                <PartnerOrigin customer={c} />
              </td>
              <td className="grid gap-0.5 px-3 py-3 text-xs">
                <ContactLines customer={c} />
              </td>
              <td className="px-3 py-3">{t("table.cardsCount", { count: c.totalCards })}</td>
              <td className="px-3 py-3">
                <CustomerStatusToggle customer={c} />
              </td>
              <td className="px-3 py-3">
                <MessagesCount customer={c} />
              </td>
              <td className="px-3 py-3">{formatDate(c.joinedAt)}</td>
              <td className="px-3 py-3">
                <Actions customer={c} detailsSection={detailsSection} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
