import { useEffect, useState } from "react";
import { CONNECTION_MESSAGE, type ConnectionMessage } from "./messages";

export type Connection = {
  online: boolean;
  /** The oldest kept answer shown since the connection dropped, else when it dropped. */
  dataAt: Date | null;
};

/**
 * Whether the customer's page is showing data without a connection: the browser says it is
 * offline (`navigator.onLine`, `online`/`offline` events), or the service worker answered one of
 * the page's requests from its cache because the network failed (sw/data.ts), which also covers
 * a connection the browser believes is up. Back online at the next answer from the network.
 */
export function useConnection(): Connection {
  const [state, setState] = useState<Connection>(() =>
    navigator.onLine ? { online: true, dataAt: null } : { online: false, dataAt: new Date() },
  );

  useEffect(() => {
    const offline = (dataAt: Date | null) =>
      setState((current) => {
        const since = current.online ? null : current.dataAt;
        const oldest = [since, dataAt].filter((d): d is Date => d !== null);
        const at = oldest.length
          ? new Date(Math.min(...oldest.map((d) => d.getTime())))
          : new Date();
        return { online: false, dataAt: at };
      });
    const online = () => setState({ online: true, dataAt: null });
    const onOffline = () => offline(null);
    const onOnline = () => online();
    const onMessage = (event: MessageEvent) => {
      const message = event.data as ConnectionMessage | null;
      if (message?.type !== CONNECTION_MESSAGE) return;
      if (message.online) {
        if (navigator.onLine) online();
      } else offline(message.dataAt ? new Date(message.dataAt) : null);
    };
    window.addEventListener("offline", onOffline);
    window.addEventListener("online", onOnline);
    navigator.serviceWorker?.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("offline", onOffline);
      window.removeEventListener("online", onOnline);
      navigator.serviceWorker?.removeEventListener("message", onMessage);
    };
  }, []);

  return state;
}
