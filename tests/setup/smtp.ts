/** A real SMTP server on a free loopback port that records what it receives, or refuses it. */
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  /** the decoded plain-text body */
  text: string;
  /** header fields by lower-case name (the last of a repeated one), values unfolded */
  headers: Record<string, string>;
  /** attached files, decoded */
  attachments: { filename: string; mimeType: string; content: Uint8Array }[];
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** when true, every recipient is answered 451 (temporary failure) */
  refuse: boolean;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const state: Omit<TestSmtpServer, "url" | "close"> = { received: [], refuse: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        return callback(
          Object.assign(new Error("Mailbox temporarily unavailable"), { responseCode: 451 }),
        );
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        const parsed = await PostalMime.parse(Buffer.concat(chunks));
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          headers: Object.fromEntries(
            parsed.headers.map((h) => [h.key.toLowerCase(), h.value.replace(/\r?\n[ \t]+/g, " ")]),
          ),
          attachments: parsed.attachments.map((a) => ({
            filename: a.filename ?? "",
            mimeType: a.mimeType,
            content:
              typeof a.content === "string"
                ? new TextEncoder().encode(a.content)
                : new Uint8Array(a.content),
          })),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
