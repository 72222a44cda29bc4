import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { auth, CLIENT_IP_HEADER } from "~/features/accounts/auth.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { fileTransport, smtpTransport } from "~/lib/mail.server";
import { deliverDueMail, ERASED_BODY } from "~/lib/outbox.server";
import { requestContext } from "~/lib/request-context";
import { action as codeAction } from "~/routes/auth/code";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { type CapturedLogs, captureLogs } from "../setup/logs";
import { startSmtpServer, type TestSmtpServer } from "../setup/smtp";

const ORIGIN = "http://localhost:3000";
const EMAIL = "sam.secret@example.com";

describe.each(drivers)(
  "secrets out of logs and storage on %s (docs/decisions/0042, 0043)",
  (driver) => {
    let database: TestDatabase;
    let smtp: TestSmtpServer;
    let logs: CapturedLogs;
    beforeEach(async () => {
      database = await freshDatabase(driver, { LOG_LEVEL: "debug" });
      smtp = await startSmtpServer();
      logs = captureLogs();
      await auth().api.signUpEmail({
        body: { email: EMAIL, password: "correct horse 42", name: "Sam" },
        headers: new Headers({ Origin: ORIGIN, [CLIENT_IP_HEADER]: "192.0.2.40" }),
      });
      await db.update(schema.user).set({ emailVerified: true });
    });
    afterEach(async () => {
      logs.restore();
      await smtp.close();
      await database.dispose();
    });

    function post(url: string, fields: Record<string, string>) {
      const context = new RouterContextProvider();
      context.set(requestContext, { clientIp: "192.0.2.40", nonce: "n", requestId: "req-1" });
      const request = new Request(`${ORIGIN}${url}`, {
        method: "POST",
        headers: { Origin: ORIGIN },
        body: new URLSearchParams(fields),
      });
      return { request, context, params: {} } as never;
    }

    /** Asks for a reset link and a sign-in code through our forms; waits until both are queued. */
    async function queueAccountMail() {
      await forgotPasswordAction(post("/auth/forgot-password", { email: EMAIL }));
      await codeAction(post("/auth/code", { step: "send", email: EMAIL }));
      await expect
        .poll(async () => (await db.select().from(schema.mail_outbox)).map((r) => r.kind).sort())
        .toEqual(expect.arrayContaining(["password_reset", "sign_in_code"]));
    }
    const transport = () => smtpTransport(smtp.url, "site <site@remediation.test>");

    it("never puts the sign-in code in the subject; erases reset links and codes once delivered", async () => {
      await queueAccountMail();
      const quote = await submitQuoteRequest("radon", formData(validAnswers.radon), {
        clientIp: "192.0.2.40",
        owner: { userId: null },
      });
      expect(quote.ok).toBe(true);

      await deliverDueMail({ transport: transport() });
      const codeMail = smtp.received.find((m) => m.subject.includes("sign-in code"));
      const resetMail = smtp.received.find((m) => m.subject === "Reset your password");
      const code = codeMail?.text.match(/\b\d{6}\b/)?.[0] ?? "";
      const resetLink = resetMail?.text.match(/https?:\/\/\S+/)?.[0] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      expect(resetLink).toContain("/api/auth/reset-password/");
      expect(codeMail?.subject).toBe("Your sign-in code");

      const rows = await db.select().from(schema.mail_outbox);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(resetLink);
      for (const row of rows.filter((r) => r.sensitive)) {
        expect(row).toMatchObject({ status: "sent", text_body: ERASED_BODY, html_body: null });
      }
      expect(
        rows
          .filter((r) => r.sensitive)
          .map((r) => r.kind)
          .sort(),
      ).toEqual(["email_verification", "password_reset", "sign_in_code"]);
      // the lead alert and the quote confirmation are the company's records: kept as sent
      const quoteMail = rows.filter((r) => r.quote_id !== null);
      expect(quoteMail.map((r) => r.kind).sort()).toEqual(["lead_alert", "quote_confirmation"]);
      expect(quoteMail.every((r) => !r.sensitive && r.text_body.includes("Ann"))).toBe(true);

      expect(logs.text()).not.toContain(code);
      expect(logs.text()).not.toContain(resetLink.split("/").pop()?.split("?")[0]);
    });

    it("erases a secret that could never be delivered", async () => {
      await queueAccountMail();
      smtp.refuse = true;
      await deliverDueMail({ transport: transport(), maxAttempts: 1 });
      const rows = await db
        .select()
        .from(schema.mail_outbox)
        .where(eq(schema.mail_outbox.sensitive, true));
      expect(rows.length).toBeGreaterThanOrEqual(2);
      for (const row of rows) {
        expect(row).toMatchObject({ status: "failed", text_body: ERASED_BODY, html_body: null });
      }
    });

    it("logs mail written to files without the code", async () => {
      await queueAccountMail();
      await deliverDueMail({
        transport: fileTransport(env().mailDir, "site <site@remediation.test>"),
      });
      const files = fs.readdirSync(env().mailDir);
      const codeFile = files
        .map((f) => fs.readFileSync(path.join(env().mailDir, f), "utf8"))
        .find((text) => text.includes("one-time sign-in code"));
      const code = codeFile?.match(/\b\d{6}\b/)?.[0] ?? "";
      expect(code).toMatch(/^\d{6}$/);
      const written = logs.lines().filter((l) => l.msg === "mail written to file");
      expect(written.length).toBeGreaterThanOrEqual(2);
      expect(logs.text()).not.toContain(code);
    });
  },
);
