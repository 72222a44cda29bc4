/**
 * An Express server with our cross-site guard in front of a stand-in for the router, as server.ts
 * mounts it: a request the guard lets through reaches `downstream`.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { refuseCrossSiteMutations } from "~/lib/origin.server";

export interface GuardedServer {
  origin: string;
  /** how many requests got past the guard */
  reached: () => number;
  close: () => Promise<void>;
}

/** Starts the guard on a free local port; every request it lets through answers 200 "ok". */
export async function startGuardedServer(): Promise<GuardedServer> {
  let reached = 0;
  const app = express();
  app.use((req, res, next) => {
    res.locals.requestId = req.get("x-request-id") ?? "req-guard";
    next();
  });
  app.use(refuseCrossSiteMutations);
  app.use((_req, res) => {
    reached += 1;
    res.send("ok");
  });
  const listener = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => listener.once("listening", resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    reached: () => reached,
    close: () => new Promise((resolve) => listener.close(() => resolve())),
  };
}
