import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { errorMessage } from "@/web/lib/error-message";
import { counterCustomerQueryOptions, counterRulesQueryOptions, useCounterLookup } from "../api";
import { CounterCustomer } from "./counter-customer";
import { CustomerSearch } from "./customer-search";
import { QrScanner } from "./qr-scanner";
import { ShortCodeForm } from "./short-code-form";

/**
 * The counter ('Balcão'), for a phone held in one hand: the camera reads the customer's QR code at
 * once, with the short code and the name or phone search below it; the customer found replaces
 * them, and 'Próximo cliente' brings the scanner back.
 */
export function CounterDesk({ canOverride }: { canOverride: boolean }) {
  const { t } = useTranslation("counter");
  const [customerId, setCustomerId] = useState<string | null>(null);
  // A new scanner (camera on again) for each customer; a refused QR code is read past.
  const [scan, setScan] = useState(0);
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const lookup = useCounterLookup();
  const rules = useQuery(counterRulesQueryOptions());
  const customer = useQuery({
    ...counterCustomerQueryOptions(customerId ?? ""),
    enabled: customerId !== null,
  });

  const find = (code: string, scanned: boolean) =>
    lookup.mutate(code, {
      onSuccess: (found) => {
        setRefusedCode(null);
        setCustomerId(found.id);
      },
      onError: () => {
        if (scanned) setRefusedCode(code);
        setScan((n) => n + 1);
      },
    });
  const next = () => {
    lookup.reset();
    setRefusedCode(null);
    setCustomerId(null);
    setScan((n) => n + 1);
  };

  if (customerId !== null) {
    if (customer.data) {
      return (
        <CounterCustomer
          key={customerId}
          customer={customer.data}
          rules={rules.data}
          canOverride={canOverride}
          onNext={next}
        />
      );
    }
    return (
      <div className="grid justify-items-center gap-3">
        {customer.isError ? (
          <p role="alert" className="text-destructive">
            {errorMessage(customer.error)}
          </p>
        ) : (
          <Spinner />
        )}
        <Button type="button" size="lg" variant="outline" onClick={next}>
          {t("customer.next")}
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-5">
      {lookup.isError ? (
        <p
          role="alert"
          data-testid="counter-lookup-error"
          className="rounded-xl bg-destructive/10 p-3 font-medium text-destructive"
        >
          {errorMessage(lookup.error)}
        </p>
      ) : null}
      {lookup.isPending ? (
        <div className="grid aspect-square w-full max-w-sm place-items-center justify-self-center rounded-2xl bg-muted">
          <Spinner />
        </div>
      ) : (
        <QrScanner key={scan} ignore={refusedCode} onCode={(code) => find(code, true)} />
      )}
      <ShortCodeForm pending={lookup.isPending} onSubmit={(code) => find(code, false)} />
      <CustomerSearch
        onPick={(id) => {
          lookup.reset();
          setCustomerId(id);
        }}
      />
    </div>
  );
}
