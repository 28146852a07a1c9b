import type { Context } from "hono";
import type { Session } from "@graph/core/modules/auth";

/** What every request carries through the API's middleware. */
export type ApiEnv = {
  Variables: {
    /** The caller's network address, as the runtime in front of the app saw it. */
    clientAddress: string;
    session?: Session;
  };
};

export type ApiContext = Context<ApiEnv>;

/** How a runtime tells the app who is calling (API Gateway's source IP, a socket address). */
export type ClientAddressOf = (c: Context) => string;
