/**
 * The file storage (lib/storage.server.ts) on both drivers: the disk driver in a folder of its
 * own and the S3 driver against a real S3-compatible server on this machine (s3rver, its own
 * folder). Upload, read back, replace, list, delete; two clients (and two server processes) on
 * one place see the same files; no key leaves the disk driver's folder; blog images go through
 * the storage and are served by a second process on the same database and bucket.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { blog_uploads } from "~/db/schema";
import type { UploadAnswer } from "~/features/blog/uploads";
import { moveLegacyUploads } from "~/features/blog/uploads.server";
import { db } from "~/lib/db.server";
import {
  assertStorageKey,
  diskStorage,
  type FileStorage,
  StorageKeyError,
  s3Storage,
  storage,
} from "~/lib/storage.server";
import * as uploadsRoute from "~/routes/admin/blog-uploads";
import * as uploadFileRoute from "~/routes/resources/upload";
import { contextFor, makeUser, ORIGIN, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { startS3Server, type TestS3Server } from "../setup/s3";

const SLOW = 180_000;
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Keys that try to leave the folder or are not keys of ours. */
const BAD_KEYS = [
  "",
  "../outside.txt",
  "a/../../outside.txt",
  "/etc/passwd",
  "./a",
  "a//b",
  "a/./b",
  "a\\..\\..\\b",
  "..",
  "a/..",
  "A.txt",
  "a b",
  "a/\0",
  "%2e%2e/x",
  `${"a".repeat(129)}`,
];

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const s3Settings = () => ({
  bucket: s3.bucket,
  endpoint: s3.endpoint,
  region: "us-east-1",
  accessKeyId: s3.env.S3_ACCESS_KEY_ID,
  secretAccessKey: s3.env.S3_SECRET_ACCESS_KEY,
  forcePathStyle: true,
});

describe.each(["disk", "s3"] as const)("the %s storage driver", (kind) => {
  let sandbox: string;
  let root: string;
  /** a client of the same place, as another server process would have */
  let open: () => FileStorage;
  let prefix: string;
  beforeEach(() => {
    sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-storage-"));
    root = path.join(sandbox, "files");
    open = kind === "disk" ? () => diskStorage(root) : () => s3Storage(s3Settings());
    // the bucket outlives a test: each test has its own folder in it
    prefix = `t${Math.random().toString(36).slice(2, 10)}`;
  });
  afterEach(() => {
    fs.rmSync(sandbox, { recursive: true, force: true });
  });

  it("stores a file, reads it back byte for byte, replaces it, lists it and deletes it", async () => {
    const store = open();
    expect(store.driver).toBe(kind);
    const first = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256));
    await store.put(`${prefix}/a/one.bin`, first, "application/octet-stream");
    await store.put(`${prefix}/b/two.txt`, Buffer.from("two"), "text/plain");
    expect(sha256((await store.get(`${prefix}/a/one.bin`))!)).toBe(sha256(first));

    await store.put(`${prefix}/a/one.bin`, Buffer.from("replaced"), "text/plain");
    expect((await store.get(`${prefix}/a/one.bin`))?.toString()).toBe("replaced");

    const listed = await store.list(`${prefix}/`);
    expect(listed.map((entry) => entry.key).sort()).toEqual([
      `${prefix}/a/one.bin`,
      `${prefix}/b/two.txt`,
    ]);
    expect(listed.find((entry) => entry.key.endsWith("two.txt"))?.size).toBe(3);
    for (const entry of listed) {
      expect(Math.abs(entry.lastModified.getTime() - Date.now())).toBeLessThan(10 * 60_000);
    }
    expect((await store.list(`${prefix}/a/`)).map((entry) => entry.key)).toEqual([
      `${prefix}/a/one.bin`,
    ]);

    await store.delete(`${prefix}/a/one.bin`);
    expect(await store.get(`${prefix}/a/one.bin`)).toBeNull();
    expect((await store.list(`${prefix}/`)).map((entry) => entry.key)).toEqual([
      `${prefix}/b/two.txt`,
    ]);
  });

  it("answers null for a missing file, deletes one without error and lists an empty folder", async () => {
    const store = open();
    expect(await store.get(`${prefix}/missing.jpg`)).toBeNull();
    await expect(store.delete(`${prefix}/missing.jpg`)).resolves.toBeUndefined();
    expect(await store.list(`${prefix}/`)).toEqual([]);
  });

  it("serves from a second client (another server process) every file the first one stored", async () => {
    const first = open();
    const second = open();
    const files = Array.from({ length: 5 }, (_, i) => ({
      key: `${prefix}/shared/file-${i}.bin`,
      body: Buffer.from(`file ${i} `.repeat(1000 * (i + 1))),
    }));
    for (const file of files) await first.put(file.key, file.body, "application/octet-stream");
    for (const file of files) expect(sha256((await second.get(file.key))!)).toBe(sha256(file.body));
    await second.delete(files[0]!.key);
    expect(await first.get(files[0]!.key)).toBeNull();
  });

  it("refuses every key that is not one of ours before touching the storage", async () => {
    const store = open();
    for (const key of BAD_KEYS) {
      await expect(store.put(key, Buffer.from("x"), "text/plain"), key).rejects.toThrow(
        StorageKeyError,
      );
      await expect(store.get(key), key).rejects.toThrow(StorageKeyError);
      await expect(store.delete(key), key).rejects.toThrow(StorageKeyError);
    }
    await expect(store.list("../")).rejects.toThrow(StorageKeyError);
    expect(fs.readdirSync(sandbox).filter((name) => name !== "files")).toEqual([]);
  });
});

describe("the disk driver's folder", () => {
  it("never lets any name, however made, write or read outside its folder", async () => {
    const sandbox = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-escape-"));
    const inside = path.join(sandbox, "inside");
    fs.mkdirSync(inside, { recursive: true });
    fs.writeFileSync(path.join(sandbox, "secret.txt"), "outside");
    let runs = 0;
    const part = fc.oneof(
      fc.constantFrom("..", ".", "", "/", "\\", "%2e", "secret.txt", "inside", "files", "\0", "~"),
      fc.string({ maxLength: 8 }),
    );
    const name = fc.array(part, { minLength: 1, maxLength: 6 }).map((parts) => parts.join("/"));
    try {
      await fc.assert(
        fc.asyncProperty(name, async (key) => {
          // a folder of its own per run: "a" after "a/b" would meet the folder "a"
          runs += 1;
          const root = path.join(inside, `files${runs}`);
          const store = diskStorage(root);
          let accepted = true;
          try {
            assertStorageKey(key);
          } catch (error) {
            expect(error).toBeInstanceOf(StorageKeyError);
            accepted = false;
          }
          if (!accepted) {
            await expect(store.get(key)).rejects.toThrow(StorageKeyError);
            await expect(store.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow(
              StorageKeyError,
            );
            return;
          }
          await store.put(key, Buffer.from("x"), "text/plain");
          const written = path.resolve(root, key);
          expect(written.startsWith(root + path.sep)).toBe(true);
          expect(fs.readFileSync(written, "utf8")).toBe("x");
          await store.delete(key);
        }),
        { seed: 20261126, numRuns: 1000 },
      );
      // nothing was written beside the folder, and the file outside is untouched
      expect(fs.readdirSync(sandbox).sort()).toEqual(["inside", "secret.txt"]);
      expect(fs.readdirSync(inside).every((name) => /^files\d+$/.test(name))).toBe(true);
      expect(fs.readFileSync(path.join(sandbox, "secret.txt"), "utf8")).toBe("outside");
    } finally {
      fs.rmSync(sandbox, { recursive: true, force: true });
    }
  });
});

/** A multipart upload of `bytes` in the `image` field of the Blog images page. */
function uploadRequest(bytes: Uint8Array): Request {
  const body = new FormData();
  body.append("image", new File([new Uint8Array(bytes)], "photo.png", { type: "image/png" }));
  return new Request(new URL("/admin/blog/uploads", ORIGIN), {
    method: "POST",
    headers: { Origin: ORIGIN },
    body,
  });
}

const picture = (width: number, height: number, r: number) =>
  sharp({ create: { width, height, channels: 3, background: { r, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** Runs tests/setup/serve-stored-files.ts (a second server process) with `env`. */
function secondProcess(
  env: Record<string, string>,
): Promise<Record<string, { status: number; sha256: string }>> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      path.resolve("node_modules/.bin/tsx"),
      ["tests/setup/serve-stored-files.ts"],
      {
        env: { ...process.env, ...env },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(out.trim())) : reject(new Error(`exit ${code}: ${out}`)),
    );
  });
}

describe.each(drivers)("blog images in the file storage on %s", (driver) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.dispose();
    database = undefined;
  });

  it.each(["disk", "s3"] as const)(
    "on the %s driver: an image uploaded by one server process is served by a second one on the same database and storage",
    async (kind) => {
      // the bucket is shared by the runs: the content-hashed names tell their files apart
      database = await freshDatabase(driver, kind === "s3" ? s3.env : {});
      const admin = await makeUser("pat.editor@example.com", { admin: true, totp: true });
      const uploaded = [];
      for (const r of [10, 90]) {
        const outcome = await run(uploadsRoute.action, {
          request: uploadRequest(await picture(1200, 800, r)),
          context: contextFor(admin),
        });
        expect(outcome.status).toBe(201);
        uploaded.push((outcome.value as UploadAnswer).image!);
      }
      const keys = (await storage().list("blog/")).map((entry) => entry.key);
      // served by this process: each variant from the storage
      const served: Record<string, string> = {};
      for (const image of uploaded) {
        for (const width of image.widths) {
          for (const format of ["webp", "avif"]) {
            const file = `${image.hash}-${width}.${format}`;
            expect(keys).toContain(`blog/${file}`);
            const response = (await uploadFileRoute.loader({
              params: { file },
              request: new Request(`${ORIGIN}/uploads/${file}`),
            } as never)) as Response;
            expect(response.status).toBe(200);
            expect(response.headers.get("Content-Type")).toBe(`image/${format}`);
            served[file] = sha256(new Uint8Array(await response.arrayBuffer()));
          }
        }
      }
      // on S3 nothing is kept on this machine's disk
      const localFiles = path.join(database.dataDir, "files");
      if (kind === "s3") expect(fs.existsSync(localFiles)).toBe(false);
      else expect(fs.readdirSync(path.join(localFiles, "blog")).length).toBe(keys.length);

      // the second process: its own DATA_DIR on PostgreSQL and S3 (nothing shared but the
      // database and the bucket); on PGlite it must open the same directory, once this one let go
      const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-second-"));
      await database.close();
      try {
        const secondEnv: Record<string, string> = {
          AUTH_SECRET: "integration-test-secret-0123456789abcdef",
          PUBLIC_URL: "http://localhost:3000",
          DATA_DIR: database.url && kind === "s3" ? otherDataDir : database.dataDir,
          // "" on PGlite: the run's own DATABASE_URL (CI sets one) must not reach the child
          DATABASE_URL: database.url ?? "",
          ...(kind === "s3" ? s3.env : {}),
        };
        const fromSecond = await secondProcess(secondEnv);
        expect(Object.keys(fromSecond).sort()).toEqual(Object.keys(served).sort());
        for (const [file, hash] of Object.entries(served)) {
          expect(fromSecond[file]).toEqual({ status: 200, sha256: hash });
        }
      } finally {
        fs.rmSync(otherDataDir, { recursive: true, force: true });
        await database.reopen();
      }
      expect((await db.select().from(blog_uploads)).length).toBe(2);
    },
    SLOW,
  );

  it("moves blog images left in $DATA_DIR/uploads by older versions into the storage at start-up", async () => {
    database = await freshDatabase(driver);
    const legacy = path.join(database.dataDir, "uploads");
    fs.mkdirSync(legacy);
    const name = `${"ab".repeat(16)}-480.webp`;
    const bytes = await sharp({
      create: { width: 20, height: 10, channels: 3, background: "red" },
    })
      .webp()
      .toBuffer();
    fs.writeFileSync(path.join(legacy, name), bytes);
    fs.writeFileSync(path.join(legacy, "notes.txt"), "not an image of ours");

    expect(await moveLegacyUploads()).toBe(1);
    expect(fs.readdirSync(legacy)).toEqual(["notes.txt"]);
    const response = (await uploadFileRoute.loader({
      params: { file: name },
      request: new Request(`${ORIGIN}/uploads/${name}`),
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(sha256(new Uint8Array(await response.arrayBuffer()))).toBe(sha256(bytes));
    // a second start finds nothing more to move
    expect(await moveLegacyUploads()).toBe(0);
  });
});
