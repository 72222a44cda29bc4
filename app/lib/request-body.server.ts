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
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
