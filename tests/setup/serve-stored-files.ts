/**
 * A second server process for the shared-storage test: opens the database (DATABASE_URL, else
 * the PGlite directory $DATA_DIR/db) and the file storage its own environment names (S3_* or
 * $DATA_DIR/files), asks the public image route (`GET /uploads/:file`) for every variant of every
 * blog image in the database, and prints one JSON line: each file name with its status and the
 * SHA-256 of the body served. Run with tsx (the `~` path alias).
 */
import { createHash } from "node:crypto";
import path from "node:path";
import { blog_uploads } from "~/db/schema";
import { uploadFileName } from "~/features/blog/uploads";
import { db, openDatabase, setDatabase } from "~/lib/db.server";
import { env, loadEnv, setEnv } from "~/lib/env.server";
import * as uploadFileRoute from "~/routes/resources/upload";

setEnv(loadEnv({ ...process.env, NODE_ENV: "test", MAIL_TRANSPORT: "file", LOG_LEVEL: "silent" }));
const handle = await openDatabase({
  url: process.env.DATABASE_URL,
  pgliteDir: path.join(env().DATA_DIR, "db"),
});
setDatabase(handle);
const served: Record<string, { status: number; sha256: string }> = {};
for (const image of await db.select().from(blog_uploads)) {
  for (const width of image.widths) {
    for (const format of ["webp", "avif"] as const) {
      const file = uploadFileName(image.hash, width, format);
      const response = (await uploadFileRoute.loader({
        params: { file },
        request: new Request(`http://localhost/uploads/${file}`),
      } as never)) as Response;
      const body = Buffer.from(await response.arrayBuffer());
      served[file] = {
        status: response.status,
        sha256: createHash("sha256").update(body).digest("hex"),
      };
    }
  }
}
process.stdout.write(`${JSON.stringify(served)}\n`);
await handle.close();
process.exit(0);
