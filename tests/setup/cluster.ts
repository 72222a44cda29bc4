/**
 * The site as a business runs it, for tests and the proxy bench: Debian's nginx with the shipped
 * `deploy/nginx.conf` in front of production servers (`node server.ts` on the build) sharing one
 * PostgreSQL database and one s3rver bucket, mail through a real SMTP server. nginx runs as a
 * child in the foreground with its own prefix and temp folders; the shipped file is used as it is
 * except for the lines it marks "test:" (upstream addresses, listen port, access log).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createPostgresDatabase } from "./postgres";
import { startS3Server, type TestS3Server } from "./s3";
import { startSmtpServer, type TestSmtpServer } from "./smtp";

/** Where Debian puts nginx (`apt-get install nginx`; .ci/run installs it). */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => fs.existsSync(p));

/** One `node server.ts` process of the cluster. */
export interface ClusterServer {
  port: number;
  /** "127.0.0.1:port", as nginx's access log names it */
  address: string;
  process: ChildProcess;
  output(): string;
  /** resolves with the exit code (null after a signal) */
  exited: Promise<number | null>;
}

/** One line of the shipped access log format (deploy/nginx.conf `log_format remediation`). */
export interface AccessLogLine {
  method: string;
  path: string;
  status: number;
  /** every server nginx tried, in order (a refused one first, when it moved on) */
  upstreams: string[];
}

export interface Cluster {
  /** nginx's origin: the site's PUBLIC_URL */
  origin: string;
  servers: ClusterServer[];
  smtp: TestSmtpServer;
  s3: TestS3Server;
  databaseUrl: string;
  /** Starts server `index` again (after a kill) and waits until it is ready. */
  restart(index: number): Promise<ClusterServer>;
  /** The access log so far, parsed. */
  accessLog(): AccessLogLine[];
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** nginx's port; the servers take the ones given */
  proxyPort: number;
  serverPorts: number[];
  /** more settings for every server (QUOTE_RATE_LIMIT, ADMIN_EMAILS...) */
  env?: Record<string, string>;
  /** default postgres://postgres@127.0.0.1:5432/postgres (CI sets DATABASE_URL) */
  postgresUrl?: string;
}

const READY_MS = 120_000;

/** The shipped site configuration with the marked lines pointed at this cluster. */
export function nginxSiteConfig(options: {
  proxyPort: number;
  serverPorts: number[];
  accessLog: string;
}): string {
  const shipped = fs.readFileSync(path.resolve("deploy/nginx.conf"), "utf8");
  const lines = shipped.split("\n");
  const marked = (label: string) => {
    const found = lines.filter((line) => line.includes(`# test: ${label}`));
    if (found.length !== 1)
      throw new Error(`deploy/nginx.conf: no single line marked "test: ${label}"`);
    return lines.indexOf(found[0] as string);
  };
  const first = marked("first server");
  const second = marked("second server");
  const serverLine = (port: number) =>
    (lines[first] as string).replace(/server \S+/, `server 127.0.0.1:${port}`);
  lines[marked("the proxy's port")] = `    listen 127.0.0.1:${options.proxyPort};`;
  lines[marked("the log file")] = (lines[marked("the log file")] as string).replace(
    /access_log \S+/,
    `access_log ${options.accessLog}`,
  );
  lines.splice(first, second - first + 1, ...options.serverPorts.map(serverLine));
  return lines.join("\n");
}

/** The main nginx.conf around the site file, with every path in `dir` (no root needed). */
function nginxMainConfig(dir: string): string {
  return [
    // as root, workers would otherwise run as "nobody" and could not write their temp files here
    ...(process.getuid?.() === 0 ? ["user root;"] : []),
    "worker_processes 1;",
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/error.log warn;`,
    "events { worker_connections 512; }",
    "http {",
    `  client_body_temp_path ${dir}/body;`,
    `  proxy_temp_path ${dir}/proxy;`,
    `  fastcgi_temp_path ${dir}/fastcgi;`,
    `  uwsgi_temp_path ${dir}/uwsgi;`,
    `  scgi_temp_path ${dir}/scgi;`,
    `  include ${dir}/site.conf;`,
    "}",
    "",
  ].join("\n");
}

/** Starts PostgreSQL's database, s3rver, an SMTP server, the servers one after another, and nginx. */
export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (!NGINX) throw new Error("nginx is not installed: apt-get install -y nginx");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "remediation-cluster-"));
  const base = options.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = await createPostgresDatabase(base, "cluster");
  const s3 = await startS3Server();
  const smtp = await startSmtpServer();
  const origin = `http://127.0.0.1:${options.proxyPort}`;
  const serverEnv = (port: number): NodeJS.ProcessEnv => ({
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(dir, `server-${port}`),
    DATABASE_URL: database.url,
    ...s3.env,
    SMTP_URL: smtp.url,
    MAIL_TRANSPORT: "smtp",
    SMS_URL: "",
    PUBLIC_URL: origin,
    AUTH_SECRET: "cluster-test-secret-0123456789abcdef0123",
    TRUST_PROXY: "1",
    LEADS_EMAIL: "leads@cluster.test",
    LOG_LEVEL: "warn",
    METRICS_TOKEN: "",
    METRICS_PORT: "",
    ...options.env,
  });
  const servers: ClusterServer[] = [];
  const start = async (port: number): Promise<ClusterServer> => {
    const child = spawn(process.execPath, ["server.ts"], { env: serverEnv(port) });
    let output = "";
    child.stdout?.on("data", (d) => (output += d));
    child.stderr?.on("data", (d) => (output += d));
    const exited = new Promise<number | null>((resolve) => child.on("exit", resolve));
    const server = {
      port,
      address: `127.0.0.1:${port}`,
      process: child,
      output: () => output,
      exited,
    };
    const started = Date.now();
    while (!output.includes("Server ready")) {
      if (child.exitCode !== null) throw new Error(`server ${port} exited:\n${output}`);
      if (Date.now() - started > READY_MS) throw new Error(`server ${port} not ready:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return server;
  };
  let nginx: ChildProcess | undefined;
  const accessLog = path.join(dir, "access.log");
  try {
    // one after another: the first applies the migrations and seeds, as an upgrade would
    for (const port of options.serverPorts) servers.push(await start(port));
    fs.writeFileSync(path.join(dir, "site.conf"), nginxSiteConfig({ ...options, accessLog }));
    fs.writeFileSync(path.join(dir, "nginx.conf"), nginxMainConfig(dir));
    const args = ["-p", dir, "-c", path.join(dir, "nginx.conf")];
    const check = spawnSync(NGINX, [...args, "-t"], { encoding: "utf8" });
    if (check.status !== 0) throw new Error(`nginx -t refused the configuration:\n${check.stderr}`);
    nginx = spawn(NGINX, [...args, "-g", "daemon off;"], { stdio: "ignore" });
    const started = Date.now();
    for (;;) {
      const answer = await fetch(`${origin}/healthz`).catch(() => null);
      if (answer?.ok) break;
      if (nginx.exitCode !== null || Date.now() - started > 20_000) {
        throw new Error(`nginx did not start:\n${readOr(path.join(dir, "error.log"))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    nginx?.kill("SIGKILL");
    for (const server of servers) server.process.kill("SIGKILL");
    await Promise.all([smtp.close(), s3.close()]);
    await database.drop();
    throw error;
  }
  return {
    origin,
    servers,
    smtp,
    s3,
    databaseUrl: database.url,
    async restart(index) {
      const old = servers[index] as ClusterServer;
      const server = await start(old.port);
      servers[index] = server;
      return server;
    },
    accessLog: () => parseAccessLog(readOr(accessLog)),
    async stop() {
      const quit = nginx ? new Promise((resolve) => nginx?.once("exit", resolve)) : undefined;
      nginx?.kill("SIGQUIT");
      for (const server of servers) {
        if (server.process.exitCode === null && server.process.signalCode === null) {
          server.process.kill("SIGTERM");
        }
      }
      await Promise.all([quit, ...servers.map((server) => server.exited)]);
      await Promise.all([smtp.close(), s3.close()]);
      await database.drop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readOr(file: string): string {
  try {
    return fs.readFileSync(file, "utf8");
  } catch {
    return "";
  }
}

const LINE = /"(\S+) (\S+)" (\d{3}) .* upstream=(.*) upstream_status=/;

/** The access log's lines in the shipped format. */
export function parseAccessLog(text: string): AccessLogLine[] {
  return text
    .split("\n")
    .map((line) => LINE.exec(line))
    .filter((match) => match !== null)
    .map((match) => ({
      method: match[1] as string,
      path: match[2] as string,
      status: Number(match[3]),
      upstreams: (match[4] as string).split(/[,:]\s+|,\s*/).filter((u) => u && u !== "-"),
    }));
}
