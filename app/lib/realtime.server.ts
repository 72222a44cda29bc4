/**
 * Live changes for the back office (SPEC 'Live subscriptions'): Postgres triggers NOTIFY
 * `quotes_changed` / `profiles_changed` (drizzle/0001_notify_triggers.sql) and `visits_changed`
 * (drizzle/0014_visit_sequence.sql) and `conversations_changed` (the messages' notify migration); each server process
 * LISTENs once per channel and fans the notifications out to its open Server-Sent Events streams.
 * Works on PGlite (one process) and across processes on one PostgreSQL.
 */
import { type DatabaseHandle, databaseHandle } from "./db.server";
import { logger } from "./logger.server";

export const LIVE_CHANNELS = {
  quotes_changed: "quotes",
  profiles_changed: "profiles",
  visits_changed: "visits",
  conversations_changed: "messages",
} as const;
export type LiveTopic = (typeof LIVE_CHANNELS)[keyof typeof LIVE_CHANNELS];

type Subscriber = (topic: LiveTopic, payload: string) => void;

const subscribers = new Set<Subscriber>();
const listening = new WeakMap<DatabaseHandle, Promise<void>>();

function listenOn(handle: DatabaseHandle): Promise<void> {
  let started = listening.get(handle);
  if (!started) {
    started = Promise.all(
      Object.entries(LIVE_CHANNELS).map(([channel, topic]) =>
        handle.listen(channel, (payload) => {
          for (const subscriber of subscribers) {
            // one failing subscriber must not keep the change from the others
            try {
              subscriber(topic, payload);
            } catch (error) {
              logger().warn({ err: error }, "live update subscriber failed");
            }
          }
        }),
      ),
    ).then(() => undefined);
    started.catch((error) => {
      listening.delete(handle);
      logger().error({ err: error }, "LISTEN for live updates failed");
    });
    listening.set(handle, started);
  }
  return started;
}

/**
 * Calls `subscriber` for every change notified on this database, from any process.
 * @returns a function that stops the subscription.
 */
export async function subscribeToChanges(subscriber: Subscriber): Promise<() => void> {
  await listenOn(databaseHandle());
  subscribers.add(subscriber);
  return () => {
    subscribers.delete(subscriber);
  };
}

export interface EventStreamOptions {
  /** resolves false once the viewer may no longer see the stream (session ended or rights gone) */
  stillAllowed: () => Promise<boolean>;
  /** how often `stillAllowed` is asked and a keep-alive comment sent (ms) */
  checkEveryMs?: number;
}

const encoder = new TextEncoder();
const openStreams = new Set<() => void>();

/**
 * Ends every open event stream without `event: end`, so each browser reconnects (after the
 * stream's `retry` delay) to whichever server answers next. server.ts calls it on SIGTERM: an
 * open stream would otherwise keep the HTTP server from closing.
 */
export function endLiveStreams(): void {
  for (const stop of openStreams) stop();
}

/**
 * A text/event-stream Response that sends `event: quotes` / `event: profiles` (data: the row id
 * and operation as JSON) for every change. It ends when the client goes (`signal`) or when
 * `stillAllowed` answers false (sending `event: end` first, so the browser does not reconnect).
 */
export async function liveEventsResponse(
  signal: AbortSignal,
  options: EventStreamOptions,
): Promise<Response> {
  const checkEveryMs = options.checkEveryMs ?? 30_000;
  // until start() has subscribed, a cancel (the client already gone) is only remembered
  let cancelled = false;
  let stop = () => {
    cancelled = true;
  };
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (text: string) => {
        if (closed) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          // the stream was closed from the client's side
          stop();
        }
      };
      const unsubscribe = await subscribeToChanges((topic, payload) =>
        send(`event: ${topic}\ndata: ${payload.replace(/\n/g, " ")}\n\n`),
      );
      const timer = setInterval(async () => {
        const allowed = await options.stillAllowed().catch(() => false);
        if (!allowed) {
          send("event: end\ndata: session ended\n\n");
          stop();
        } else send(": keep-alive\n\n");
      }, checkEveryMs);
      stop = () => {
        if (closed) return;
        closed = true;
        openStreams.delete(stop);
        clearInterval(timer);
        unsubscribe();
        signal.removeEventListener("abort", stop);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      // the client may have gone while we subscribed: its abort or cancel came before `stop` did
      if (cancelled || signal.aborted) {
        stop();
        return;
      }
      signal.addEventListener("abort", stop);
      openStreams.add(stop);
      // reconnect after 3 s if the server restarts; tell the client the stream is open
      send("retry: 3000\nevent: ready\ndata: {}\n\n");
    },
    cancel() {
      stop();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      // no-transform: the compression middleware must not buffer the stream
      "Cache-Control": "private, no-store, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
