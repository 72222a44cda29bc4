/** File storage settings (S3_*): which driver they choose, and the mistakes refused at start-up. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { assertStorageKey, StorageKeyError, storageFor } from "~/lib/storage.server";

const base = { AUTH_SECRET: "unit-test-secret-0123456789abcdefghij", DATA_DIR: "/nonexistent" };
const s3 = {
  S3_BUCKET: "remediation-files",
  S3_ENDPOINT: "http://127.0.0.1:9000",
  S3_ACCESS_KEY_ID: "key",
  S3_SECRET_ACCESS_KEY: "secret",
};

describe("S3_* settings", () => {
  it("keep files on disk in $DATA_DIR/files unless S3_BUCKET is set", () => {
    const disk = loadEnv(base);
    expect(disk.filesDir).toBe(path.resolve("/nonexistent/files"));
    expect(storageFor(disk).driver).toBe("disk");
    const bucket = loadEnv({ ...base, ...s3 });
    expect(storageFor(bucket).driver).toBe("s3");
    expect(bucket.S3_REGION).toBe("us-east-1");
    expect(bucket.S3_FORCE_PATH_STYLE).toBe(false);
    expect(storageFor(loadEnv({ ...base, S3_BUCKET: "b" })).driver).toBe("s3");
  });

  it("read S3_FORCE_PATH_STYLE as true or false only", () => {
    expect(loadEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: "true" }).S3_FORCE_PATH_STYLE).toBe(true);
    expect(loadEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: "0" }).S3_FORCE_PATH_STYLE).toBe(false);
    expect(() => loadEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: "yes" })).toThrow(
      /S3_FORCE_PATH_STYLE: true or false/,
    );
  });

  it("refuse an S3 setting without the bucket, and one half of the access key", () => {
    expect(() => loadEnv({ ...base, S3_ENDPOINT: s3.S3_ENDPOINT })).toThrow(
      /S3_BUCKET: S3_ENDPOINT set without S3_BUCKET/,
    );
    expect(() => loadEnv({ ...base, ...s3, S3_SECRET_ACCESS_KEY: "" })).toThrow(
      /set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadEnv({ ...base, ...s3, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT/);
  });
});

describe("storage keys", () => {
  it("accept our folders of lower-case names and refuse anything that could leave them", () => {
    for (const key of ["blog/0a1b-480.webp", "requests/9f0c/photo.jpg", "a", "a/b/c.d_e-f"]) {
      expect(() => assertStorageKey(key), key).not.toThrow();
    }
    for (const key of [
      "",
      "..",
      "../x",
      "a/../b",
      "/a",
      "a/",
      "a//b",
      ".a",
      "A",
      "a\\b",
      "a b",
      "é",
    ]) {
      expect(() => assertStorageKey(key), key).toThrow(StorageKeyError);
    }
    expect(() => assertStorageKey("requests/", { prefix: true })).not.toThrow();
  });
});
