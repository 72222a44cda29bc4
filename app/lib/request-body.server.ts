/**
 * Reading a request body with a ceiling: the reading stops as soon as the body grows past the
 * limit, so an oversized or endless body never fills memory (client error reports, uploads).
 */

/** The body's bytes, or null once it grows past `max` bytes (read no further; the rest is cancelled). */
export async function readBodyCapped(request: Request, max: number): Promise<Buffer | null> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      // not awaited: a cancelled branch of a cloned (teed) body settles only once its twin is
      // cancelled too
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads and drops what is left of a refused body, up to `max` bytes, so the client (which is
 * still sending) reads the refusal instead of a reset connection; past `max` it is cancelled.
 */
export async function discardBody(request: Request, max: number): Promise<void> {
  if (!request.body || request.bodyUsed) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > max) {
      reader.cancel().catch(() => {});
      return;
    }
  }
}
