/**
 * The receiving end of the client logger: browser entries of level error, written to the server
 * log as one pino line each (SPEC section 3 'Log entry', 8 'Failures are logged'). Bounded so it
 * cannot be used to flood the log: same-origin POST only (root middleware), JSON of at most
 * 8 KB, 30 per client (IP, IPv6 /64) per hour in the shared rate-limit store.
 */
import { z } from "zod";
import { CLIENT_ERROR_MAX_BYTES, logCategories } from "./client-log";
import { logger } from "./logger.server";
import { createRateLimit, type RateLimit } from "./rate-limit.server";
import { readBodyCapped } from "./request-body.server";

export const CLIENT_ERROR_RATE_LIMIT = 30;

const entrySchema = z.object({
  timestamp: z.iso.datetime(),
  level: z.literal("error"),
  category: z.enum(logCategories),
  message: z.string().min(1).max(2000),
  data: z.unknown().optional(),
  userId: z.string().max(100).nullable(),
  sessionId: z.string().min(1).max(100),
});

let limit: RateLimit | undefined;
function rateLimit(): RateLimit {
  limit ??= createRateLimit("client-error", CLIENT_ERROR_RATE_LIMIT, 60 * 60);
  return limit;
}

/**
 * Handles one POSTed entry. Answers 204 when logged; 413 when the body is over 8 KB; 429 past
 * the client's limit (Retry-After set); 400 when it is not a JSON log entry of level error.
 * Store failures reject (the framework answers 500).
 */
export async function receiveClientError(
  request: Request,
  context: { clientIp: string | undefined; requestId: string; userId: string | null },
): Promise<Response> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > CLIENT_ERROR_MAX_BYTES) return new Response(null, { status: 413 });
  const limit = await rateLimit().consume(context.clientIp);
  if (!limit.ok) {
    return new Response(null, {
      status: limit.status,
      headers: { "Retry-After": String(limit.retryAfterSeconds) },
    });
  }
  if (!request.headers.get("Content-Type")?.startsWith("application/json")) {
    return Response.json({ error: "Send a JSON log entry" }, { status: 400 });
  }
  const bytes = await readBodyCapped(request, CLIENT_ERROR_MAX_BYTES);
  if (bytes === null) return new Response(null, { status: 413 });
  const text = new TextDecoder().decode(bytes);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return Response.json({ error: "Send a JSON log entry" }, { status: 400 });
  }
  const entry = entrySchema.safeParse(body);
  if (!entry.success) {
    return Response.json({ error: "Not a log entry of level error" }, { status: 400 });
  }
  const { userId: claimedUserId, ...rest } = entry.data;
  logger().error(
    {
      browser: { ...rest, claimedUserId },
      userId: context.userId,
      clientIp: context.clientIp,
      requestId: context.requestId,
    },
    `browser error: ${entry.data.message.slice(0, 200)}`,
  );
  return new Response(null, { status: 204 });
}
