/**
 * A real S3-compatible server (the npm package s3rver) on a free loopback port, keeping its
 * objects in a folder of its own, with one empty bucket; and the environment that points the
 * app's S3 storage driver at it.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** the server's own folder (its objects as files) */
  directory: string;
  /** S3_* settings for `freshDatabase(driver, env)` or a child process's environment */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's built-in account (it checks every request's signature against it). */
const ACCESS_KEY = "S3RVER";

export async function startS3Server(bucket = "remediation-test"): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    directory,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
