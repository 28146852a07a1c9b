// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- $config and $app are globals only this reference declares
/// <reference path="./.sst/platform/config.d.ts" />

export default $config({
  app(input) {
    return {
      name: "graph",
      home: "aws",
      version: "4.17.1",
      removal: input?.stage === "production" ? "retain" : "remove",
      protect: input?.stage === "production",
    };
  },
  async run() {
    // Every function's platform and log retention, from the one list of functions (packages/functions/src/functions.ts).
    const { ARCHITECTURE, LOG_RETENTION } = await import("./packages/functions/src/functions");
    $transform(sst.aws.Function, (args) => {
      args.architecture ??= ARCHITECTURE;
      args.logging ??= { retention: LOG_RETENTION };
    });

    // Records every Lambda as it is created, for the alarms on Lambda's own metrics (infra/monitoring.ts).
    await import("./infra/lambdas");

    // Resources are defined in infra/, one file per concern; they are imported here, inside
    // run(), because the sst globals they use exist only while the app runs.
    const { table } = await import("./infra/storage");
    const { email } = await import("./infra/email");
    const { router } = await import("./infra/web");
    const { realtime } = await import("./infra/realtime");
    const { mailQueue, mailDeadLetter, ingestQueue } = await import("./infra/jobs");
    const { api } = await import("./infra/api");
    await import("./infra/profile-pages");
    await import("./infra/monitoring");

    return {
      url: router.url,
      api: api.url,
      realtime: realtime.url,
      table: table.name,
      sender: email.sender,
      mailQueue: mailQueue.url,
      mailDeadLetter: mailDeadLetter.url,
      ingestQueue: ingestQueue.url,
    };
  },
});
