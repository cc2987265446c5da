import { useEffect, useState } from "react";
import { ApiError, api } from "@/web/lib/api-client";

export type Visitor = "pending" | "signedIn" | "signedOut";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Whether a session exists, as the app's `["me"]` query tells its sign-in pages: 401 is signed
 * out; a server or network failure is tried once more after a second, then the form shows.
 */
export function useVisitor(): Visitor {
  const [visitor, setVisitor] = useState<Visitor>("pending");
  useEffect(() => {
    let live = true;
    const check = async (attempt: number): Promise<Visitor> => {
      try {
        await api.get("/api/me");
        return "signedIn";
      } catch (error) {
        if (error instanceof ApiError && error.status < 500) return "signedOut";
        if (attempt > 0) return "signedOut";
        await wait(1000);
        return check(attempt + 1);
      }
    };
    void check(0).then((answer) => live && setVisitor(answer));
    return () => {
      live = false;
    };
  }, []);
  return visitor;
}
