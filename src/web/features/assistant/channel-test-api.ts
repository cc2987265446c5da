import type { TestChannelConnection } from "@shared/assistant-channel-test";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/web/lib/api-client";

/** 'Testar conexão': the id and token typed (an empty token: the saved one), tried on Meta. */
export function useTestChannelConnection(channel: "whatsapp" | "instagram") {
  return useMutation({
    mutationFn: (input: TestChannelConnection) =>
      api.post("/api/assistant/{channel}/connection-test", {
        params: { path: { channel } },
        body: input,
      }),
  });
}
