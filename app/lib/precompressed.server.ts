/**
 * The build's scripts and styles compressed once, at build time, with Brotli's best setting
 * (vite.config.ts writes `name.br` beside each): about 14% smaller than what the compression
 * middleware makes on the fly (Brotli quality 4, or gzip), for no CPU per request (the quote forms'
 * JavaScript budget). Browsers that do not accept Brotli get the
 * plain file, compressed on the fly as before. Plain Node: server.ts imports this file directly.
 */
import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The suffix of a precompressed copy. */
export const BROTLI_SUFFIX = ".br";

/**
 * A handler that answers `GET /name` from `dir/name.br` when the client accepts Brotli and the
 * copy exists (files listed once, at start), with the plain file's type and `maxAge` seconds of
 * immutable caching; every other request goes on to the next handler.
 */
export function precompressedFiles(dir: string, maxAgeSeconds: number): RequestHandler {
  const copies = new Set(
    fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((name) => name.endsWith(BROTLI_SUFFIX))
          .map((name) => name.slice(0, -BROTLI_SUFFIX.length))
      : [],
  );
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== "GET" && req.method !== "HEAD") || !copies.has(name)) return next();
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", "br");
    res.sendFile(path.resolve(dir, name + BROTLI_SUFFIX), {
      maxAge: maxAgeSeconds * 1000,
      immutable: true,
    });
  };
}
