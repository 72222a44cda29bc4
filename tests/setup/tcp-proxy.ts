/**
 * A TCP proxy in front of the test PostgreSQL server, to give one pool an outage without
 * touching the server other tests (and other checkouts) share: `stop()` is a server gone (open
 * connections dropped, new ones refused), `hang()` a server or network that stops answering
 * (connections accepted, nothing forwarded), `start()` the way back, on the same port.
 */
import net from "node:net";

export interface TcpProxy {
  /** the port the proxy listens on (127.0.0.1) */
  port: number;
  /** drops every connection and stops listening: connecting is refused */
  stop(): Promise<void>;
  /** forwards nothing any more, in either direction, on old and new connections */
  hang(): void;
  /** listens and forwards again (after `stop` or `hang`; hung connections are dropped) */
  start(): Promise<void>;
}

/** Starts a proxy on a free port forwarding to `target` (host and port). */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let hung = false;
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (hung) return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
    // written by hand rather than piped, so that hang() can stop both directions at once
    client.on("data", (chunk) => hung || upstream.write(chunk));
    upstream.on("data", (chunk) => hung || client.write(chunk));
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      dropAll();
      await closed;
    },
    hang() {
      hung = true;
    },
    async start() {
      dropAll();
      hung = false;
      if (!server.listening) await listen(port);
    },
  };
}
