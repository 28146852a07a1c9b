import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Resource } from "sst";

/**
 * The search segments' blob store: the `Search` bucket. Region and endpoint come from the
 * standard AWS environment (AWS_REGION, AWS_ENDPOINT_URL_S3), which the local runtime points at
 * its S3 stand-in; an IP-address endpoint makes the SDK address buckets by path.
 */
let client: S3Client | undefined;

function s3(): S3Client {
  client ??= new S3Client({});
  return client;
}

const bucket = () => Resource.Search.name;

export async function putBlob(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/** The blob's bytes, or undefined when there is no such blob. */
export async function getBlob(key: string): Promise<Uint8Array | undefined> {
  try {
    const response = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
    return response.Body ? await response.Body.transformToByteArray() : new Uint8Array();
  } catch (error) {
    if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) {
      return undefined;
    }
    throw error;
  }
}

export async function deleteBlob(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

/** Every key under `prefix`. */
export async function listBlobs(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3().send(
      new ListObjectsV2Command({ Bucket: bucket(), Prefix: prefix, ContinuationToken: token }),
    );
    for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}
