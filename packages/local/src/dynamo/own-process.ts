import { fork } from "node:child_process";
import { DynamoFaults } from "./faults.ts";
import type { LocalDynamo, LocalDynamoOptions } from "./server.ts";

/**
 * The DynamoDB stand-in in a process of its own, as DynamoDB is a service of its own on AWS: the
 * runtime's process then spends its CPU on what Lambda and API Gateway would run, and the
 * stand-in's on another core. Faults cannot be injected across processes (a fault's `match` is a
 * function): its `faults` refuses them.
 */
export async function startDynamoProcess(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const child = fork(new URL("./own-process-child.ts", import.meta.url), {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const endpoint = await new Promise<string>((resolve, reject) => {
    child.once("message", (answer: { endpoint?: string; error?: string }) =>
      answer.endpoint ? resolve(answer.endpoint) : reject(new Error(`the DynamoDB stand-in did not start: ${answer.error}`)),
    );
    child.once("exit", (code) => reject(new Error(`the DynamoDB stand-in's process ended (${code})`)));
    child.send(options);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    endpoint,
    faults: new RefusedFaults(),
    async close() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}

class RefusedFaults extends DynamoFaults {
  override inject(): never {
    throw new Error("faults cannot be injected into a DynamoDB stand-in in a process of its own");
  }
}
