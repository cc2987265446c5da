import { fork } from "node:child_process";
import type { ClientJob, ClientResult } from "./bench-client";

/**
 * Runs one load job in a child process (scripts/bench-client.ts), so the server's event loop
 * serves only requests: the benches' one way of sending HTTP load.
 */
export function runBenchClient(job: ClientJob): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    // Same runtime flags as this process (tsx's loader), and structured clone for the latencies.
    const client = fork(new URL("./bench-client.ts", import.meta.url), {
      execArgv: process.execArgv,
      serialization: "advanced",
    });
    client.once("message", (message) => resolve(message as ClientResult));
    client.once("error", reject);
    client.once("exit", (code) => {
      if (code !== 0) reject(new Error(`bench client exited with ${code}`));
    });
    client.send(job);
  });
}
