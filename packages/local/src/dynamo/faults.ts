// Faults the local DynamoDB endpoint can be told to answer, so tests can see how code behaves
// when DynamoDB throttles or fails — through the real SDK, which sees the very status codes and
// error types DynamoDB sends and retries them as it would in production.

/** The operations the local endpoint serves. */
export const DYNAMO_OPERATIONS = [
  "BatchGetItem",
  "BatchWriteItem",
  "CreateTable",
  "DeleteItem",
  "DeleteTable",
  "DescribeTable",
  "DescribeTimeToLive",
  "GetItem",
  "ListTables",
  "ListTagsOfResource",
  "PutItem",
  "Query",
  "Scan",
  "TagResource",
  "TransactGetItems",
  "TransactWriteItems",
  "UntagResource",
  "UpdateItem",
  "UpdateTable",
] as const;
export type DynamoOperation = (typeof DYNAMO_OPERATIONS)[number];

/** What DynamoDB answers for each error, word for word (status, `__type`, message). */
const ERRORS = {
  ProvisionedThroughputExceededException: {
    status: 400,
    type: "com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException",
    message:
      "The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.",
  },
  ThrottlingException: {
    status: 400,
    type: "com.amazon.coral.availability#ThrottlingException",
    message: "Rate of requests exceeds the allowed throughput.",
  },
  RequestLimitExceeded: {
    status: 400,
    type: "com.amazonaws.dynamodb.v20120810#RequestLimitExceeded",
    message:
      "Throughput exceeds the current throughput limit for your account. Please contact AWS Support at https://aws.amazon.com/support request a limit increase",
  },
  InternalServerError: {
    status: 500,
    type: "com.amazonaws.dynamodb.v20120810#InternalServerError",
    message: "Internal server error",
  },
} as const;
export type DynamoFaultError = keyof typeof ERRORS;

/** The request as DynamoDB receives it: its JSON wire format (`{ TableName, Key: { pk: { S } } }`). */
export type DynamoRequest = Record<string, unknown>;

export interface DynamoFaultSpec {
  /** The operation(s) that fail; every operation when absent. */
  operation?: DynamoOperation | readonly DynamoOperation[];
  error: DynamoFaultError;
  /**
   * How many matching requests fail before the fault wears off; unlimited (until removed or
   * cleared) when absent. The SDK retries every one of these errors, so failing one SDK call
   * takes as many times as the client makes attempts (`await client.config.maxAttempts()`: 4
   * for DynamoDBClient in the SDK version here, 3 in older ones), and fewer lets it succeed.
   */
  times?: number;
  /** Only requests whose body satisfies this fail. */
  match?: (request: DynamoRequest) => boolean;
}

/** An injected fault, to watch and to end. */
export interface DynamoFault {
  /** Requests it has failed so far. */
  readonly hits: number;
  /** Requests it will still fail (Infinity when unlimited). */
  readonly remaining: number;
  remove(): void;
}

/** What the endpoint sends instead of serving the request. */
export interface FaultAnswer {
  status: number;
  body: { __type: string; message: string };
}

interface Active {
  operations: ReadonlySet<string> | undefined;
  error: DynamoFaultError;
  remaining: number;
  hits: number;
  match: ((request: DynamoRequest) => boolean) | undefined;
}

/** The faults in force on one local DynamoDB endpoint; the first that matches a request answers it. */
export class DynamoFaults {
  private active: Active[] = [];

  inject(spec: DynamoFaultSpec): DynamoFault {
    if (!(spec.error in ERRORS)) throw new Error(`unknown DynamoDB error ${String(spec.error)}`);
    const operations =
      spec.operation === undefined
        ? undefined
        : new Set<string>(typeof spec.operation === "string" ? [spec.operation] : spec.operation);
    for (const operation of operations ?? []) {
      if (!(DYNAMO_OPERATIONS as readonly string[]).includes(operation))
        throw new Error(`unknown DynamoDB operation ${operation}`);
    }
    const times = spec.times ?? Infinity;
    if (!(times >= 1) || (Number.isFinite(times) && !Number.isInteger(times)))
      throw new Error(`times must be a whole number ≥ 1, not ${times}`);
    const fault: Active = { operations, error: spec.error, remaining: times, hits: 0, match: spec.match };
    this.active.push(fault);
    return {
      get hits() {
        return fault.hits;
      },
      get remaining() {
        return fault.remaining;
      },
      remove: () => this.drop(fault),
    };
  }

  /** Ends every fault. */
  clear() {
    this.active = [];
  }

  /** Whether some fault could apply to `operation`: only then does the endpoint read the request to decide. */
  covers(operation: string): boolean {
    return this.active.some((f) => !f.operations || f.operations.has(operation));
  }

  /** The fault answer for this request, using up one of its times; undefined to serve it normally. */
  take(operation: string, request: DynamoRequest): FaultAnswer | undefined {
    for (const fault of this.active) {
      if (fault.operations && !fault.operations.has(operation)) continue;
      if (fault.match && !matches(fault.match, request)) continue;
      fault.hits++;
      fault.remaining--;
      if (fault.remaining <= 0) this.drop(fault);
      const { status, type, message } = ERRORS[fault.error];
      return { status, body: { __type: type, message } };
    }
    return undefined;
  }

  private drop(fault: Active) {
    this.active = this.active.filter((f) => f !== fault);
  }
}

function matches(match: (request: DynamoRequest) => boolean, request: DynamoRequest): boolean {
  try {
    return match(request);
  } catch (error) {
    // A predicate that throws is a mistake in the test; it should not turn into a DynamoDB error.
    console.error("[dynamo faults] match threw; the request is served normally", error);
    return false;
  }
}
