/** STORAGE_URL's form, for config.ts to check without loading the AWS SDK. */
const storageUrlPattern = /^s3:\/\/([a-z0-9][a-z0-9.-]{1,61}[a-z0-9])(?:\/(.*))?$/;

export const storageUrlProblem =
  "must be s3://bucket or s3://bucket/prefix (a lower-case bucket name, 3 to 63 characters)";

/** `s3://bucket/some/prefix` → the bucket and the prefix every key is put under (`some/prefix/`). */
export function parseStorageUrl(url: string): { bucket: string; prefix: string } {
  const match = storageUrlPattern.exec(url);
  if (!match?.[1]) throw new TypeError(`STORAGE_URL ${storageUrlProblem}`);
  const prefix = (match[2] ?? "").replace(/^\/+|\/+$/g, "");
  return { bucket: match[1], prefix: prefix === "" ? "" : `${prefix}/` };
}

export const isStorageUrl = (url: string) => storageUrlPattern.test(url);
