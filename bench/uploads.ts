/**
 * Server time per photo attached to a quote request (issue 21): ten 4 MB photos (12 megapixels,
 * as a phone takes them) through the quote form, on the disk and the S3 storage driver (s3rver
 * on a loopback port, as in the tests), on PGlite (and PostgreSQL with DATABASE_URL). Two paths:
 * - ahead: each photo posted to /quotes/uploads as the form's script does (time per request:
 *   parse, type check, decode, resize, strip, thumbnail, store, row);
 * - with the form: the form posted without JavaScript with all ten photos (time / 10).
 * In-process, through the routes' actions (no HTTP). Prints figures; asserts nothing.
 *   npx tsx bench/uploads.ts      (BENCH_ROUNDS, default 3 rounds of ten photos)
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { env, setEnv } from "~/lib/env.server";
import { requestContext } from "~/lib/request-context";
import { userContext } from "~/lib/session.server";
import * as requestRoute from "~/routes/quotes/request";
import * as uploadRoute from "~/routes/quotes/upload";
import { formData, validAnswers } from "../tests/setup/forms";
import { startS3Server } from "../tests/setup/s3";
import { benchDrivers, type Driver, withFreshDatabase } from "./database";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PHOTOS = 10;
const ORIGIN = "http://localhost:3000";

/** A 4032 x 3024 JPEG of about 4 MB: smooth noise, so it compresses like a photo. */
async function phonePhoto(seed: number): Promise<Buffer> {
  const small = Buffer.alloc(504 * 378 * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < small.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    small[i] = x >>> 24;
  }
  const big = sharp(small, { raw: { width: 504, height: 378, channels: 3 } }).resize(4032, 3024, {
    kernel: "cubic",
  });
  const raw = await big.raw().toBuffer();
  let quality = 96;
  for (;;) {
    const jpeg = await sharp(raw, { raw: { width: 4032, height: 3024, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.byteLength <= 4.2 * 1024 * 1024 || quality <= 50) return jpeg;
    quality -= 4;
  }
}

function context(ip: string) {
  const provider = new RouterContextProvider();
  provider.set(requestContext, { clientIp: ip, nonce: "n", requestId: randomUUID() });
  provider.set(userContext, null);
  return provider;
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
  return `median ${at(0.5).toFixed(0).padStart(5)} ms   p90 ${at(0.9).toFixed(0).padStart(5)} ms   (${sorted.length} photos)`;
}

async function bench(
  driver: Driver,
  storage: "disk" | "s3",
  photos: Buffer[],
  s3Env: Record<string, string>,
) {
  await withFreshDatabase(driver, async () => {
    if (storage === "s3") {
      setEnv({
        ...env(),
        S3_BUCKET: s3Env.S3_BUCKET,
        S3_ENDPOINT: s3Env.S3_ENDPOINT,
        S3_ACCESS_KEY_ID: s3Env.S3_ACCESS_KEY_ID,
        S3_SECRET_ACCESS_KEY: s3Env.S3_SECRET_ACCESS_KEY,
        S3_FORCE_PATH_STYLE: true,
      });
    }
    const ahead: number[] = [];
    const withForm: number[] = [];
    for (let round = 0; round < ROUNDS + 1; round++) {
      const key = randomUUID();
      // a new client address each round: the upload rate limit is per client
      const ip = `198.51.100.${round + 1}`;
      const times: number[] = [];
      const ids: string[] = [];
      for (const [i, photo] of photos.entries()) {
        const body = new FormData();
        body.append("kind", "photo");
        body.append("submissionKey", key);
        body.append(
          "file",
          new File([new Uint8Array(photo)], `IMG_${i}.jpg`, { type: "image/jpeg" }),
        );
        const request = new Request(`${ORIGIN}/quotes/uploads`, { method: "POST", body });
        const started = performance.now();
        const response = await uploadRoute.action({
          request,
          context: context(ip),
          params: {},
        } as never);
        times.push(performance.now() - started);
        const answer = (await response.json()) as {
          file: { id: string } | null;
          error: string | null;
        };
        if (!answer.file) throw new Error(`upload refused: ${answer.error}`);
        ids.push(answer.file.id);
      }
      const body = formData({
        ...validAnswers.mold,
        email: `bench${round}@example.com`,
        submissionKey: randomUUID(),
      });
      for (const [i, photo] of photos.entries())
        body.append(
          "photos",
          new File([new Uint8Array(photo)], `IMG_${i}.jpg`, { type: "image/jpeg" }),
        );
      const started = performance.now();
      const answer = await requestRoute.action({
        request: new Request(`${ORIGIN}/quotes/mold-remediation`, { method: "POST", body }),
        context: context(`203.0.113.${round + 1}`),
        params: { service: "mold-remediation" },
      } as never);
      const elapsed = performance.now() - started;
      if (!(answer instanceof Response) || answer.status !== 302)
        throw new Error("the form was refused");
      // the first round warms caches (sharp, prepared statements) and is not counted
      if (round === 0) continue;
      ahead.push(...times);
      withForm.push(elapsed / PHOTOS);
    }
    console.log(
      `${driver.padEnd(9)} ${storage.padEnd(5)} ahead (/quotes/uploads)    ${stats(ahead)}`,
    );
    console.log(
      `${driver.padEnd(9)} ${storage.padEnd(5)} with the form (time / 10) ${stats(withForm.flatMap((t) => Array(PHOTOS).fill(t)))}`,
    );
  });
}

const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => phonePhoto(i + 1)));
const sizes = photos.map((p) => p.byteLength / (1024 * 1024));
const load = os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(" ");
console.log(
  `uploads bench: ${ROUNDS} rounds of ${PHOTOS} photos 4032x3024, ${Math.min(...sizes).toFixed(1)}-${Math.max(...sizes).toFixed(1)} MB, ${os.cpus().length} cores, load ${load}`,
);
const s3 = await startS3Server("bench-uploads");
try {
  for (const driver of benchDrivers()) {
    for (const storage of ["disk", "s3"] as const) await bench(driver, storage, photos, s3.env);
  }
} finally {
  await s3.close();
}
process.exit(0);
