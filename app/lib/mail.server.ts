/**
 * Mail transport (nodemailer). With SMTP_URL mail goes to that server; without it (or with
 * MAIL_TRANSPORT=file) each message is written as an .eml file in $DATA_DIR/mail and one log line
 * says where. Production on a public PUBLIC_URL refuses to start without SMTP_URL unless
 * MAIL_TRANSPORT=file (env.server.ts).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { env } from "./env.server";
import { logger } from "./logger.server";

export interface MailAttachment {
  filename: string;
  /** MIME type, e.g. application/pdf */
  contentType: string;
  content: Buffer;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
  /**
   * One-click unsubscribe URL: the mail gets `List-Unsubscribe: <url>` (nodemailer's `list`
   * option) and `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058 section 3.1).
   */
  listUnsubscribe?: string;
}

/**
 * The lines every mail ends with: how to reach the company (COMPANY_PHONE, COMPANY_EMAIL). Mail
 * comes from a no-reply sender, so a reply goes to COMPANY_EMAIL (Reply-To) and this says so.
 */
export function mailContactFooter(): string {
  const { COMPANY_PHONE, COMPANY_EMAIL } = env();
  return [
    "-- ",
    `Call us any time: ${COMPANY_PHONE.display} (24/7 emergency service)`,
    `Write to us: ${COMPANY_EMAIL} (or reply to this email)`,
  ].join("\n");
}

/**
 * nodemailer's options for `message`: Reply-To the company's address, the contact footer after
 * the text, and `list` with the one-click header for an unsubscribe URL.
 */
export function mailOptions(from: string, message: MailMessage) {
  const { listUnsubscribe, ...rest } = message;
  return {
    from,
    replyTo: env().COMPANY_EMAIL,
    ...rest,
    text: `${message.text}\n\n${mailContactFooter()}`,
    html: message.html ?? undefined,
    ...(listUnsubscribe
      ? {
          list: { unsubscribe: { url: listUnsubscribe } },
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        }
      : {}),
  };
}

export interface MailTransport {
  /** Sends one message; rejects when the server refuses it. */
  send(message: MailMessage): Promise<void>;
}

/** The SMTP transport for `smtpUrl` (e.g. smtp://user:pass@host:587). */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(mailOptions(from, message));
    },
  };
}

/** The development transport: one .eml file per message in `dir`. */
export function fileTransport(dir: string, from: string): MailTransport {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let ready: Promise<unknown> | undefined;
  return {
    async send(message) {
      const info = await transport.sendMail(mailOptions(from, message));
      ready ??= fs.mkdir(dir, { recursive: true });
      await ready;
      const file = path.join(
        dir,
        `${new Date().toISOString().replaceAll(":", "-")}-${randomUUID()}.eml`,
      );
      await fs.writeFile(file, info.message as Buffer);
      logger().info({ to: message.to, subject: message.subject, file }, "mail written to file");
    },
  };
}

/** The transport the configuration asks for. */
export function configuredTransport(): MailTransport {
  const config = env();
  return config.MAIL_TRANSPORT === "smtp" && config.SMTP_URL
    ? smtpTransport(config.SMTP_URL, config.MAIL_FROM)
    : fileTransport(config.mailDir, config.MAIL_FROM);
}
