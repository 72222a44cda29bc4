/**
 * File storage (docs/decisions/0148-file-storage.md): one interface, two drivers.
 * - `disk` (the default): files under `$DATA_DIR/files`, written to a temporary name and renamed,
 *   so a reader never sees half a file. For one server, or several sharing that folder.
 * - `s3`: any S3-compatible object storage (AWS S3, MinIO, R2...) through `@aws-sdk/client-s3`,
 *   chosen by setting `S3_BUCKET` (with `S3_ENDPOINT`, `S3_REGION`, `S3_ACCESS_KEY_ID`,
 *   `S3_SECRET_ACCESS_KEY`, `S3_FORCE_PATH_STYLE`). Every server process on the same bucket
 *   sees every file.
 *
 * Keys are relative, slash-separated paths of lower-case letters, digits, `.`, `_` and `-`
 * (`blog/<hash>-960.webp`, `requests/<quote>/<file>.jpg`); a key that could leave its folder
 * (`..`, a leading `/`, a backslash) is refused with StorageKeyError before any driver runs.
 * Callers know each file's type (from its key or its database row): the storage keeps bytes.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { type Env, env } from "./env.server";

/** One stored file as a listing gives it. */
export interface StoredEntry {
  key: string;
  /** when it was last written */
  lastModified: Date;
  /** its size in bytes */
  size: number;
}

/** What every driver does. Errors of the disk or the object store are thrown as they are. */
export interface FileStorage {
  readonly driver: "disk" | "s3";
  /** Writes `body` under `key`, replacing any file there; readers never see half of it. */
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none under `key`. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the file (no error when there is none). */
  delete(key: string): Promise<void>;
  /** Every file whose key starts with `prefix` (a folder such as `pending/`), in no set order. */
  list(prefix: string): Promise<StoredEntry[]>;
}

/** A key that is not one of ours: empty, too long, absolute, with `..` or a character outside [a-z0-9._-/]. */
export class StorageKeyError extends Error {
  constructor(key: string) {
    super(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
    this.name = "StorageKeyError";
  }
}

const KEY_SEGMENT = /^[a-z0-9][a-z0-9._-]{0,127}$/;

/**
 * Checks a key (see the module comment): every segment starts with a letter or digit, so `.`,
 * `..` and empty segments are impossible, and so is any way out of the storage's folder.
 * @throws StorageKeyError
 */
export function assertStorageKey(key: string, { prefix = false } = {}): void {
  if (key.length === 0 || key.length > 512) throw new StorageKeyError(key);
  const segments = key.split("/");
  // a listing prefix may end with "/" (a folder)
  if (prefix && segments.at(-1) === "") segments.pop();
  if (!segments.every((segment) => KEY_SEGMENT.test(segment))) throw new StorageKeyError(key);
}

/** The disk driver, rooted at `root` (created on first write). */
export function diskStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    const target = path.resolve(base, ...key.split("/"));
    // belt and braces: the key check already makes this impossible
    if (!target.startsWith(base + path.sep)) throw new StorageKeyError(key);
    return target;
  };
  return {
    driver: "disk",
    async put(key, body) {
      assertStorageKey(key);
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temporary, body, { flag: "wx" });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    async get(key) {
      assertStorageKey(key);
      try {
        return await fs.readFile(pathOf(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await fs.rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      assertStorageKey(prefix, { prefix: true });
      const folder = prefix.endsWith("/") ? pathOf(prefix.slice(0, -1)) : base;
      let names: string[];
      try {
        names = (await fs.readdir(folder, { recursive: true })) as string[];
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
      const entries: StoredEntry[] = [];
      for (const name of names) {
        const key = path.relative(base, path.join(folder, name)).split(path.sep).join("/");
        // unfinished writes and folders are not files of the storage
        if (!key.startsWith(prefix) || key.endsWith(".tmp")) continue;
        const stat = await fs.stat(path.join(folder, name)).catch(() => null);
        if (stat?.isFile()) entries.push({ key, lastModified: stat.mtime, size: stat.size });
      }
      return entries;
    },
  };
}

/** Settings of the S3 driver (from the environment: see `.env.example`). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** unset: AWS's own endpoint for the region */
  endpoint?: string;
  /** both or neither; neither: the AWS SDK's default credential chain */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, s3rver) */
  forcePathStyle: boolean;
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** The S3 driver on one bucket (which must exist). */
export function s3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // checksums only where S3 requires them: several S3-compatible servers refuse the SDK's
    // default trailing CRC32 (aws-chunked bodies)
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  return {
    driver: "s3",
    async put(key, body, contentType) {
      assertStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async list(prefix) {
      assertStorageKey(prefix, { prefix: true });
      const entries: StoredEntry[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (!item.Key) continue;
          entries.push({
            key: item.Key,
            lastModified: item.LastModified ?? new Date(0),
            size: item.Size ?? 0,
          });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return entries;
    },
  };
}

/** The storage a configuration names: S3 when S3_BUCKET is set, else `$DATA_DIR/files`. */
export function storageFor(config: Env): FileStorage {
  if (config.S3_BUCKET) {
    return s3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return diskStorage(config.filesDir);
}

let current: { config: Env; storage: FileStorage } | undefined;

/** The server's storage, built from the current configuration (rebuilt when it changes: tests). */
export function storage(): FileStorage {
  const config = env();
  if (current?.config !== config) current = { config, storage: storageFor(config) };
  return current.storage;
}
