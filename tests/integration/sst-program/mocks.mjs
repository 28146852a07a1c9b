/**
 * Pulumi's mocks for the SST program (installed by the bundle program.ts builds, before the
 * program runs): every resource the program registers is recorded with its inputs and answered
 * with plausible outputs (ids, ARNs, names, the endpoints and URLs SST's components read back),
 * so nothing reaches AWS. Pulumi is passed in: it is the platform's (.sst/platform/node_modules).
 */

const REGION = "us-east-1";
const ACCOUNT = "123456789012";
/** How Pulumi marks a secret value inside a resource's inputs. */
const SECRET_SIG = "4dabf18193072939515e22adb298388d";

/** Every resource registered, in order: `{ type, name, inputs, outputs }`. */
export const resources = [];

function outputsOf(type, name, inputs, id) {
  const physical = inputs.name ?? `${name.toLowerCase()}-mock`;
  const service = type.split(":")[1]?.split("/")[0] ?? "mock";
  const base = { id, name: physical, arn: `arn:aws:${service}:${REGION}:${ACCOUNT}:${physical}` };
  switch (type) {
    case "aws:apigatewayv2/api:Api": {
      const scheme = inputs.protocolType === "WEBSOCKET" ? "wss" : "https";
      return {
        ...base,
        apiEndpoint: `${scheme}://${id}.execute-api.${REGION}.amazonaws.com`,
        executionArn: `arn:aws:execute-api:${REGION}:${ACCOUNT}:${id}`,
      };
    }
    case "aws:apigatewayv2/stage:Stage":
      return { ...base, invokeUrl: `https://${id}.execute-api.${REGION}.amazonaws.com/${inputs.name}` };
    case "aws:sqs/queue:Queue":
      return { ...base, url: `https://sqs.${REGION}.amazonaws.com/${ACCOUNT}/${physical}` };
    case "aws:s3/bucket:Bucket":
    case "aws:s3/bucketV2:BucketV2":
      return {
        ...base,
        bucket: physical,
        bucketDomainName: `${physical}.s3.amazonaws.com`,
        bucketRegionalDomainName: `${physical}.s3.${REGION}.amazonaws.com`,
      };
    case "aws:cloudfront/distribution:Distribution":
      return { ...base, domainName: `${id}.cloudfront.net`, hostedZoneId: "Z2FDTNDATAQYW2" };
    case "aws:lambda/function:Function":
      return {
        ...base,
        invokeArn: `arn:aws:apigateway:${REGION}:lambda:path/functions/${base.arn}/invocations`,
        qualifiedArn: `${base.arn}:$LATEST`,
      };
    case "aws:lambda/functionUrl:FunctionUrl":
      return { ...base, functionUrl: `https://${id}.lambda-url.${REGION}.on.aws/` };
    case "aws:dynamodb/table:Table":
      return { ...base, streamArn: `${base.arn}/stream/mock` };
    default:
      return base;
  }
}

/** The inputs with Pulumi's secret wrappers taken off, as the resource would receive them. */
function plain(value) {
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object") {
    if (value[SECRET_SIG] !== undefined) return plain(value.value);
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

/** Installs the mocks in `pulumi` (the `@pulumi/pulumi` module the program uses). */
export function installMocks(pulumi) {
  pulumi.runtime.setMocks(
    {
      newResource({ type, name, inputs }) {
        const id = `${name.toLowerCase().replace(/[^a-z0-9]/g, "")}-id`;
        const outputs = outputsOf(type, name, inputs, id);
        const given = plain(inputs);
        resources.push({ type, name, inputs: given, outputs });
        // Inputs read back as outputs, as AWS answers them: a secret-wrapped input otherwise comes back empty.
        return { id, state: { ...given, ...outputs } };
      },
      // Provider functions (aws.getRegion, aws.getCallerIdentity, aws.getPartition…).
      call({ inputs }) {
        return {
          ...inputs,
          id: REGION,
          name: REGION,
          region: REGION,
          accountId: ACCOUNT,
          partition: "aws",
          dnsSuffix: "amazonaws.com",
          arn: `arn:aws:iam::${ACCOUNT}:root`,
        };
      },
    },
    "graph",
    "mocks",
    false,
  );
}
