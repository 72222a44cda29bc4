/**
 * Reading a request body with a ceiling: the reading stops as soon as the body grows past the
 * limit, so an oversized or endless body never fills memory (client error reports, uploads).
 */

/**
 * Reads `body` to its end, handing each chunk to `take`.
 * @returns true at the end; false once it grows past `max` bytes (read no further, the rest cancelled)
 */
async function readCapped(
  body: ReadableStream<Uint8Array>,
  max: number,
  take: (chunk: Uint8Array) => void,
): Promise<boolean> {
  const reader = body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return true;
    size += value.byteLength;
    if (size > max) {
      // not awaited: a cancelled branch of a cloned (teed) body settles only once its twin is
      // cancelled too
      reader.cancel().catch(() => {});
      return false;
    }
    take(value);
  }
}

/** The body's bytes, or null once it grows past `max` bytes (read no further; the rest is cancelled). */
export async function readBodyCapped(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  const whole = await readCapped(request.body, max, (chunk) => chunks.push(chunk));
  return whole ? Buffer.concat(chunks) : null;
}

/**
 * Reads and drops what is left of a refused body, up to `max` bytes, so the client (which is
 * still sending) reads the refusal instead of a reset connection; past `max` it is cancelled.
 */
export async function discardBody(request: Request, max: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  await readCapped(request.body, max, () => {});
}
