// The DynamoDB stand-in in a process of its own (see own-process.ts): started with the options
// its parent sends, it answers with its endpoint, and ends with its parent.
import { startLocalDynamo, type LocalDynamoOptions } from "./server.ts";

process.once("message", (options: LocalDynamoOptions) => {
  void startLocalDynamo(options).then(
    (dynamo) => {
      process.send?.({ endpoint: dynamo.endpoint });
      process.once("disconnect", () => void dynamo.close().finally(() => process.exit(0)));
    },
    (error: unknown) => {
      process.send?.({ error: String((error as Error).stack ?? error) });
      process.exit(1);
    },
  );
});
