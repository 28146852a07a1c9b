import { NoSuchKey, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { withoutSdkLogging } from "../aws/index.ts";

/**
 * The S3 client and the SDK's S3 modules, imported by blobs/index.ts at a store's first call: a
 * function that never touches a bucket never compiles the S3 client (about 0.3 MB bundled).
 */
export {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
} from "@aws-sdk/client-s3";
export { createPresignedPost } from "@aws-sdk/s3-presigned-post";

/** One client for every bucket. */
export const client = withoutSdkLogging(new S3Client({}));

export const isMissing = (error: unknown) =>
  error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);
