import { S3Client } from "@aws-sdk/client-s3";
import { createPresignedPost } from "@aws-sdk/s3-presigned-post";
import { describe, expect, it } from "vitest";
import { signPolicy, verifyPostUpload } from "./s3-post.ts";

/** S3's POST policy checks, against forms made by the SDK's own presigner. */
const client = new S3Client({
  region: "us-east-1",
  endpoint: "http://127.0.0.1:1/_aws/s3",
  forcePathStyle: true,
  credentials: { accessKeyId: "local", secretAccessKey: "local" },
});
const secrets = { local: "local" };

async function form(expires = 600) {
  const { fields } = await createPresignedPost(client, {
    Bucket: "graph-images",
    Key: "uploads/u1/abc",
    Fields: { "Content-Type": "image/png" },
    Conditions: [
      ["eq", "$Content-Type", "image/png"],
      ["content-length-range", 1, 1000],
    ],
    Expires: expires,
  });
  return fields;
}

const check = (fields: Record<string, string>, size = 10, bucket = "graph-images", now?: Date) =>
  verifyPostUpload({ bucket, fields, size, now }, secrets);

describe("POST policy", () => {
  it("accepts the form it was signed for", async () => {
    expect(check(await form())).toEqual({
      ok: true,
      key: "uploads/u1/abc",
      contentType: "image/png",
      successStatus: 204,
    });
  });

  it("refuses an expired policy", async () => {
    const verdict = check(await form(60), 10, "graph-images", new Date(Date.now() + 61_000));
    expect(verdict).toMatchObject({
      ok: false,
      status: 403,
      code: "AccessDenied",
      message: "Invalid according to Policy: Policy expired.",
    });
  });

  it("refuses a size outside content-length-range", async () => {
    expect(check(await form(), 1001)).toMatchObject({ ok: false, status: 400, code: "EntityTooLarge" });
    expect(check(await form(), 0)).toMatchObject({ ok: false, status: 400, code: "EntityTooSmall" });
    expect(check(await form(), 1000)).toMatchObject({ ok: true });
  });

  it("refuses fields that break a condition: type, key, bucket", async () => {
    expect(check({ ...(await form()), "Content-Type": "text/html" })).toMatchObject({
      ok: false,
      status: 403,
      message: expect.stringContaining("Policy Condition failed"),
    });
    expect(check({ ...(await form()), key: "public/u1/x" })).toMatchObject({ ok: false, status: 403 });
    expect(check(await form(), 10, "another-bucket")).toMatchObject({ ok: false, status: 403 });
  });

  it("refuses fields no condition covers", async () => {
    expect(check({ ...(await form()), "x-amz-meta-owner": "me" })).toMatchObject({
      ok: false,
      status: 403,
      message: "Invalid according to Policy: Extra input fields: x-amz-meta-owner",
    });
    // x-ignore- fields are S3's documented exception.
    expect(check({ ...(await form()), "x-ignore-note": "anything" })).toMatchObject({ ok: true });
  });

  it("refuses a policy changed after signing, a wrong secret and an unknown key id", async () => {
    const fields = await form();
    const policy = JSON.parse(Buffer.from(fields.Policy!, "base64").toString("utf8"));
    policy.conditions = policy.conditions.filter(
      (c: unknown) => !(Array.isArray(c) && c[0] === "content-length-range"),
    );
    const widened = Buffer.from(JSON.stringify(policy)).toString("base64");
    expect(check({ ...fields, Policy: widened }, 10_000)).toMatchObject({
      ok: false,
      status: 403,
      code: "SignatureDoesNotMatch",
    });
    expect(verifyPostUpload({ bucket: "graph-images", fields, size: 10 }, { local: "other" })).toMatchObject({
      code: "SignatureDoesNotMatch",
    });
    expect(verifyPostUpload({ bucket: "graph-images", fields, size: 10 }, {})).toMatchObject({
      status: 403,
      code: "InvalidAccessKeyId",
    });
    // Re-signed with the right secret, the widened policy would pass: the signature is what guards it.
    const [, day, region] = fields["X-Amz-Credential"]!.split("/");
    const resigned = signPolicy(widened, "local", day!, region!);
    expect(check({ ...fields, Policy: widened, "X-Amz-Signature": resigned }, 10_000)).toMatchObject({ ok: true });
  });

  it("needs a key and a policy", async () => {
    const { key: _key, ...noKey } = await form();
    expect(check(noKey)).toMatchObject({ ok: false, status: 400, code: "InvalidArgument" });
    const { Policy: _policy, ...noPolicy } = await form();
    expect(check(noPolicy)).toMatchObject({ ok: false, status: 403, code: "AccessDenied" });
  });
});
