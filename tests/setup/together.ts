/**
 * Several processes racing on one PostgreSQL database: each runs a script of tests/setup that
 * opens the database, prints "ready" and waits; when all are ready they are told "go" at the same
 * moment, and each prints one JSON line with its outcome.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { expect } from "vitest";
import type { TestDatabase } from "./database";

/**
 * Runs `script` (e.g. "tests/setup/book-visit.ts") once per entry of `envs`, on `database`, and
 * lets them go together.
 * @param envs each process's own variables, added to the database's and the test environment's
 * @returns each process's parsed JSON line, in the order of `envs`
 */
export async function runTogether<T>(
  database: TestDatabase,
  script: string,
  envs: Record<string, string>[],
): Promise<T[]> {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const processes = envs.map((env) =>
    spawn(tsx, [script], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        PUBLIC_URL: "http://localhost:3000",
        AUTH_SECRET: "integration-test-secret-0123456789abcdef",
        DATA_DIR: database.dataDir,
        ...env,
      },
      stdio: ["pipe", "pipe", "inherit"],
    }),
  );
  // listened for at once: a fast child may exit before its outcome line has been parsed
  const exited = processes.map((child) => new Promise((r) => child.on("exit", r)));
  const lines = processes.map((child) => {
    const reader = createInterface({ input: child.stdout! });
    const queue: string[] = [];
    const waiting: ((line: string) => void)[] = [];
    reader.on("line", (line) => {
      const next = waiting.shift();
      if (next) next(line);
      else queue.push(line);
    });
    return () =>
      new Promise<string>((resolve) => {
        const line = queue.shift();
        if (line !== undefined) resolve(line);
        else waiting.push(resolve);
      });
  });
  try {
    expect(await Promise.all(lines.map((next) => next()))).toEqual(envs.map(() => "ready"));
    for (const child of processes) child.stdin!.write("go\n");
    const outcomes = (await Promise.all(lines.map((next) => next()))).map(
      (line) => JSON.parse(line) as T,
    );
    await Promise.all(exited);
    return outcomes;
  } finally {
    for (const child of processes) if (child.exitCode === null) child.kill();
  }
}
