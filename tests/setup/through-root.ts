/**
 * A request as the router runs it: the root middleware chain (body bounds, session, cache
 * headers), then the route's action, answered as a Response the way the router would send it.
 */
import { randomUUID } from "node:crypto";
import { type MiddlewareFunction, RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context";
import { middleware } from "~/root";

type Handler = (args: never) => unknown;

/**
 * The action's outcome as the status and headers a browser would see (a thrown Response is an
 * answer; `data()`'s headers are the route's).
 */
async function answerOf(outcome: Promise<unknown>): Promise<Response> {
  const value = await outcome.catch((thrown: unknown) => {
    const wrapped = thrown as { type?: string } | null;
    if (thrown instanceof Response || wrapped?.type === "DataWithResponseInit") return thrown;
    throw thrown;
  });
  if (value instanceof Response) return value;
  const wrapped = value as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (wrapped?.type === "DataWithResponseInit") {
    return Response.json(wrapped.data ?? null, {
      status: wrapped.init?.status ?? 200,
      headers: wrapped.init?.headers,
    });
  }
  return Response.json(value ?? null);
}

/**
 * Runs `request` through the root middleware (then `options.middleware`: the layouts' and the
 * route's own) and then `handler` (a route's action or loader).
 * @returns the answer; a Response thrown by a middleware is the answer too
 */
export async function throughRoot(
  request: Request,
  handler: Handler,
  options: {
    params?: Record<string, string>;
    ip?: string;
    context?: RouterContextProvider;
    middleware?: MiddlewareFunction<Response>[];
  } = {},
): Promise<Response> {
  const chain = [...middleware, ...(options.middleware ?? [])];
  const context = options.context ?? new RouterContextProvider();
  if (!options.context) {
    context.set(requestContext, {
      clientIp: options.ip ?? "198.51.100.20",
      nonce: "n",
      requestId: `req-${randomUUID()}`,
    });
  }
  const args = { request, context, params: options.params ?? {} } as never;
  const step = async (index: number): Promise<Response> => {
    const current = chain[index];
    if (!current) return answerOf(Promise.resolve().then(() => handler(args)));
    let downstream: Promise<Response> | undefined;
    const next = () => {
      downstream ??= step(index + 1);
      return downstream;
    };
    const answer = await current(args, next as never);
    return answer instanceof Response ? answer : next();
  };
  try {
    return await step(0);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}
