import { formatShortCode, normalizeShortCode } from "@shared/counter";
import { qrTokenFreshAt, qrTokenShortCode, qrTokenStep } from "@shared/counter-offline";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/web/components/ui/button";
import { Spinner } from "@/web/components/ui/spinner";
import { ApiError } from "@/web/lib/api-client";
import { errorMessage } from "@/web/lib/error-message";
import { counterCustomerQueryOptions, counterRulesQueryOptions, useCounterLookup } from "../api";
import type { QueueOwner } from "../offline-queue";
import { isOffline, OfflineQueueContext, useOfflineQueue } from "../use-offline-queue";
import { CounterCustomer } from "./counter-customer";
import { CustomerSearch } from "./customer-search";
import { type OfflineCode, OfflineCustomer } from "./offline-customer";
import { OfflineQueueStatus } from "./offline-queue-status";
import { QrScanner } from "./qr-scanner";
import { ShortCodeForm } from "./short-code-form";

/**
 * The counter ('Balcão'), for a phone held in one hand: the camera reads the customer's QR code at
 * once, with the short code and the name or phone search below it; the customer found replaces
 * them, and 'Próximo cliente' brings the scanner back.
 *
 * Without a connection (issue 32, item 5) a typed code, or a QR code scanned within its window,
 * still takes stamps: they wait in the offline queue (offline-queue.ts) of the signed-in `owner`,
 * shown above the counter with the ones the server refused.
 */
export function CounterDesk({
  canOverride,
  owner,
}: {
  canOverride: boolean;
  /** Who is signed in: the offline queue is theirs. */
  owner: QueueOwner | undefined;
}) {
  const { t } = useTranslation("counter");
  const queue = useOfflineQueue(owner);
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [offlineCode, setOfflineCode] = useState<OfflineCode | null>(null);
  const [offlineRefusal, setOfflineRefusal] = useState<string | null>(null);
  // A new scanner (camera on again) for each customer; a refused QR code is read past.
  const [scan, setScan] = useState(0);
  const [refusedCode, setRefusedCode] = useState<string | null>(null);
  const lookup = useCounterLookup();
  const rules = useQuery(counterRulesQueryOptions());
  const customer = useQuery({
    ...counterCustomerQueryOptions(customerId ?? ""),
    enabled: customerId !== null,
  });

  /**
   * No connection: a typed code is taken as it is; a QR code only within its window by this
   * phone's clock (its signature is checked by the server when the stamp is sent).
   */
  const takeOffline = (code: string, scanned: boolean, scannedAt: number) => {
    lookup.reset();
    if (qrTokenStep(code) !== null && !qrTokenFreshAt(code, scannedAt)) {
      setOfflineRefusal(errorMessage(new ApiError(410, "counter_code_expired", "")));
      if (scanned) setRefusedCode(code);
      setScan((n) => n + 1);
      return;
    }
    const shortCode = normalizeShortCode(qrTokenShortCode(code));
    setOfflineRefusal(null);
    setOfflineCode({
      code,
      label: formatShortCode(shortCode),
      ...(qrTokenStep(code) !== null ? { scannedAt: new Date(scannedAt).toISOString() } : {}),
    });
  };
  const find = (code: string, scanned: boolean) => {
    const scannedAt = Date.now();
    setOfflineRefusal(null);
    if (queue.canQueue && isOffline()) return takeOffline(code, scanned, scannedAt);
    lookup.mutate(code, {
      onSuccess: (found) => {
        setRefusedCode(null);
        setCustomerId(found.id);
      },
      onError: (error) => {
        if (queue.canQueue && isOffline(error)) return takeOffline(code, scanned, scannedAt);
        if (scanned) setRefusedCode(code);
        setScan((n) => n + 1);
      },
    });
  };
  const next = () => {
    lookup.reset();
    setOfflineCode(null);
    setOfflineRefusal(null);
    setRefusedCode(null);
    setCustomerId(null);
    setScan((n) => n + 1);
  };

  const status = <OfflineQueueStatus queue={queue} />;
  if (offlineCode !== null) {
    return (
      <div className="grid gap-5">
        {status}
        <OfflineCustomer customer={offlineCode} queue={queue.queue} onNext={next} />
      </div>
    );
  }
  if (customerId !== null) {
    if (customer.data) {
      return (
        <div className="grid gap-5">
          {status}
          <OfflineQueueContext value={queue}>
            <CounterCustomer
              key={customerId}
              customer={customer.data}
              rules={rules.data}
              canOverride={canOverride}
              onNext={next}
            />
          </OfflineQueueContext>
        </div>
      );
    }
    return (
      <div className="grid justify-items-center gap-3">
        {status}
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
      {status}
      {offlineRefusal ? (
        <p
          role="alert"
          data-testid="counter-lookup-error"
          className="rounded-xl bg-destructive/10 p-3 font-medium text-destructive"
        >
          {offlineRefusal}
        </p>
      ) : null}
      {lookup.isError && !isOffline(lookup.error) ? (
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
