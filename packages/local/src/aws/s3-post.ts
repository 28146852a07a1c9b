import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * S3's browser upload (POST Object with a signed policy), checked as S3 checks it: the policy's
 * signature (Signature Version 4, over the base64 policy), its expiry, every condition, and that
 * every form field is covered by a condition. Pure: the caller parses the form and stores the file.
 */

export interface PostUpload {
  bucket: string;
  /** The form's text fields, by the name the browser sent. */
  fields: Record<string, string>;
  /** Bytes of the `file` field. */
  size: number;
  now?: Date;
}

export type PostVerdict =
  | { ok: true; key: string; contentType: string; successStatus: 200 | 201 | 204 }
  | { ok: false; status: 400 | 403; code: string; message: string; extra?: Record<string, string | number> };

/** Secret access keys by access key id (the stand-in's credentials). */
export type Secrets = Record<string, string>;

/** Fields S3 never asks a condition for. */
const UNCHECKED = new Set(["policy", "x-amz-signature", "file"]);

export function verifyPostUpload(upload: PostUpload, secrets: Secrets): PostVerdict {
  const fields = lowerKeys(upload.fields);
  const key = fields.key;
  if (key === undefined || key === "")
    return refuse(
      400,
      "InvalidArgument",
      "Bucket POST must contain a field named 'key'.  If it is specified, please check the order of the fields.",
    );
  const policy = fields.policy;
  if (!policy) return refuse(403, "AccessDenied", "Access Denied");

  // The signature, first: nothing of an unsigned policy is trusted.
  if (fields["x-amz-algorithm"] !== "AWS4-HMAC-SHA256")
    return refuse(400, "InvalidArgument", "POST form fields must include X-Amz-Algorithm AWS4-HMAC-SHA256.");
  const credential = (fields["x-amz-credential"] ?? "").split("/");
  const [accessKeyId, day, region, service, terminal] = credential;
  if (credential.length !== 5 || !day || !region || service !== "s3" || terminal !== "aws4_request")
    return refuse(400, "AuthorizationQueryParametersError", "Error parsing the X-Amz-Credential parameter.");
  const secret = accessKeyId === undefined ? undefined : secrets[accessKeyId];
  if (secret === undefined)
    return refuse(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  const expected = signPolicy(policy, secret, day, region);
  const given = Buffer.from(fields["x-amz-signature"] ?? "", "utf8");
  if (given.length !== expected.length || !timingSafeEqual(given, Buffer.from(expected, "utf8")))
    return refuse(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
    );

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, "base64").toString("utf8"));
  } catch {
    return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Invalid JSON.");
  }
  const expiration = typeof document.expiration === "string" ? Date.parse(document.expiration) : NaN;
  if (!Number.isFinite(expiration))
    return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Policy missing expiration.");
  if (expiration <= (upload.now ?? new Date()).getTime())
    return refuse(403, "AccessDenied", "Invalid according to Policy: Policy expired.");
  if (!Array.isArray(document.conditions))
    return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Policy missing conditions.");

  // The bucket is the one the form was posted to, whatever a `bucket` field says.
  const values: Record<string, string> = { ...fields, bucket: upload.bucket };
  const covered = new Set<string>();
  for (const condition of document.conditions as unknown[]) {
    const failed = () =>
      refuse(403, "AccessDenied", `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition)}`);
    if (Array.isArray(condition)) {
      const [op, a, b] = condition as unknown[];
      if (op === "content-length-range") {
        const min = Number(a);
        const max = Number(b);
        if (!Number.isFinite(min) || !Number.isFinite(max))
          return refuse(400, "InvalidPolicyDocument", "Invalid Policy: Invalid content-length-range.");
        if (upload.size > max)
          return refuse(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size", {
            ProposedSize: upload.size,
            MaxSizeAllowed: max,
          });
        if (upload.size < min)
          return refuse(400, "EntityTooSmall", "Your proposed upload is smaller than the minimum allowed size", {
            ProposedSize: upload.size,
            MinSizeAllowed: min,
          });
        continue;
      }
      if ((op !== "eq" && op !== "starts-with") || typeof a !== "string" || !a.startsWith("$") || typeof b !== "string")
        return refuse(400, "InvalidPolicyDocument", `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
      const name = a.slice(1).toLowerCase();
      covered.add(name);
      const value = values[name] ?? "";
      if (op === "eq" ? value !== b : !value.startsWith(b)) return failed();
      continue;
    }
    if (condition && typeof condition === "object") {
      for (const [name, expectedValue] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if ((values[name.toLowerCase()] ?? "") !== expectedValue) return failed();
      }
      continue;
    }
    return refuse(400, "InvalidPolicyDocument", `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`);
  }
  const extra = Object.keys(fields).filter(
    (name) => !UNCHECKED.has(name) && !name.startsWith("x-ignore-") && !covered.has(name),
  );
  if (extra.length > 0)
    return refuse(403, "AccessDenied", `Invalid according to Policy: Extra input fields: ${extra.join(", ")}`);

  const status = Number(fields.success_action_status);
  return {
    ok: true,
    key,
    contentType: fields["content-type"] || "binary/octet-stream",
    successStatus: status === 200 || status === 201 ? status : 204,
  };
}

/** The hex signature S3 expects for `policy` (base64) signed with `secret` on `day` (YYYYMMDD) in `region`. */
export function signPolicy(policy: string, secret: string, day: string, region: string): string {
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), "s3"), "aws4_request");
  return createHmac("sha256", signingKey).update(policy, "utf8").digest("hex");
}

function lowerKeys(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name.toLowerCase(), value]));
}

function refuse(
  status: 400 | 403,
  code: string,
  message: string,
  extra?: Record<string, string | number>,
): PostVerdict {
  return { ok: false, status, code, message, extra };
}
