import { describe, expect, it } from "vitest";
import { loadEnv } from "~/lib/env.server";
import { loggableUrl } from "~/lib/logger.server";
import { cookieSigningKey } from "~/lib/signed-cookie.server";

const base = { AUTH_SECRET: "unit-test-secret-0123456789abcdefghij", DATA_DIR: "/nonexistent" };

describe("TRUST_PROXY (docs/decisions/0045-trust-proxy.md)", () => {
  it("takes a hop count or a list of proxy addresses and CIDRs", () => {
    expect(loadEnv({ ...base }).TRUST_PROXY).toEqual(["loopback"]);
    expect(loadEnv({ ...base, TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ ...base, TRUST_PROXY: "0" }).TRUST_PROXY).toBe(0);
    expect(
      loadEnv({ ...base, TRUST_PROXY: "loopback, 10.0.0.0/8,192.0.2.7, fd00::/8" }).TRUST_PROXY,
    ).toEqual(["loopback", "10.0.0.0/8", "192.0.2.7", "fd00::/8"]);
  });

  it("refuses true, and anything that is not an address, with a one-line message", () => {
    for (const value of [
      "true",
      "TRUE",
      "*",
      "all",
      "10.0.0.0/99",
      "loopback, proxy.example",
      ",",
    ]) {
      let message = "";
      try {
        loadEnv({ ...base, TRUST_PROXY: value });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, value).toMatch(/^Invalid configuration: TRUST_PROXY: must be a hop count/);
      expect(message).not.toContain("\n");
    }
  });
});

describe("mail transport in production (docs/decisions/0044-production-mail-transport.md)", () => {
  const production = {
    ...base,
    NODE_ENV: "production",
    PUBLIC_URL: "https://www.example.com",
    COMPANY_PHONE: "801-555-0123",
    COMPANY_EMAIL: "office@example.com",
  };

  it("refuses to run production without SMTP_URL unless files are chosen on purpose", () => {
    expect(() => loadEnv(production)).toThrow(
      /^Invalid configuration: SMTP_URL: required in production.*MAIL_TRANSPORT=file/,
    );
    // the README's quick start: the production build on this machine writes mail to files
    for (const local of ["http://localhost:3000", "http://127.0.0.1:3100", "http://[::1]:3000"]) {
      expect(loadEnv({ ...production, PUBLIC_URL: local }).MAIL_TRANSPORT).toBe("file");
    }
    expect(loadEnv({ ...production, MAIL_TRANSPORT: "file" }).MAIL_TRANSPORT).toBe("file");
    expect(loadEnv({ ...production, SMTP_URL: "smtp://mail.example:587" }).MAIL_TRANSPORT).toBe(
      "smtp",
    );
  });

  it("writes files in development by default and never uses smtp without a server", () => {
    expect(loadEnv(base).MAIL_TRANSPORT).toBe("file");
    expect(loadEnv({ ...base, SMTP_URL: "smtp://mail.example" }).MAIL_TRANSPORT).toBe("smtp");
    expect(() => loadEnv({ ...base, MAIL_TRANSPORT: "smtp" })).toThrow(
      "SMTP_URL: MAIL_TRANSPORT=smtp needs SMTP_URL",
    );
  });
});

describe("URLs in log lines (docs/decisions/0043-secrets-out-of-logs.md)", () => {
  it("keeps the path and the query's names, never its values", () => {
    expect(
      loggableUrl("https://site.example/auth/reset-password?token=abc123SECRET&x=1&x=2#frag"),
    ).toBe("https://site.example/auth/reset-password?token=[redacted]&x=[redacted]");
    expect(loggableUrl("https://site.example/account/quotes")).toBe(
      "https://site.example/account/quotes",
    );
  });

  it("hides the token in a password-reset link's path", () => {
    expect(
      loggableUrl("https://site.example/api/auth/reset-password/Zk3pQ9secretToken?callbackURL=/x"),
    ).toBe("https://site.example/api/auth/reset-password/[redacted]?callbackURL=[redacted]");
  });
});

describe("the signing key of our cookies (docs/decisions/0038-signed-cookies.md)", () => {
  it("is derived from AUTH_SECRET per cookie, never AUTH_SECRET itself", () => {
    const secret = base.AUTH_SECRET;
    const toast = cookieSigningKey(secret, "toast");
    expect(toast).toHaveLength(32);
    expect(toast.equals(Buffer.from(secret))).toBe(false);
    expect(toast.toString("utf8")).not.toContain(secret);
    expect(toast.equals(cookieSigningKey(secret, "toast"))).toBe(true);
    expect(toast.equals(cookieSigningKey(secret, "quote_confirmation"))).toBe(false);
    expect(toast.equals(cookieSigningKey(`${secret}x`, "toast"))).toBe(false);
  });
});

describe("PUBLIC_URL (issue 16 point 10)", () => {
  it("defaults to http://localhost:$PORT, so mail links reach the port the server listens on", () => {
    expect(loadEnv({ ...base }).PUBLIC_URL).toBe("http://localhost:3000");
    expect(loadEnv({ ...base, PORT: "3100" }).PUBLIC_URL).toBe("http://localhost:3100");
    expect(loadEnv({ ...base, PORT: "3100", PUBLIC_URL: "" }).PUBLIC_URL).toBe(
      "http://localhost:3100",
    );
    expect(
      loadEnv({ ...base, PORT: "3100", PUBLIC_URL: "https://www.example.com" }).PUBLIC_URL,
    ).toBe("https://www.example.com");
  });
});

describe("the company contact (COMPANY_PHONE, COMPANY_EMAIL)", () => {
  const production = {
    ...base,
    NODE_ENV: "production",
    PUBLIC_URL: "https://www.example.com",
    SMTP_URL: "smtp://mail.example:587",
  };

  it("is required in production on a public PUBLIC_URL, as mail is", () => {
    expect(() => loadEnv(production)).toThrow(
      /^Invalid configuration: COMPANY_PHONE: required in production on a public PUBLIC_URL.*; COMPANY_EMAIL: required/,
    );
    expect(() => loadEnv({ ...production, COMPANY_PHONE: "(801) 555-0123" })).toThrow(
      /COMPANY_EMAIL: required/,
    );
    const config = loadEnv({
      ...production,
      COMPANY_PHONE: " 801.555.0123 ",
      COMPANY_EMAIL: "office@example.com",
    });
    expect(config.COMPANY_PHONE).toEqual({ e164: "+18015550123", display: "(801) 555-0123" });
    expect(config.COMPANY_EMAIL).toBe("office@example.com");
  });

  it("has a fictional 555 number and a local address on this machine, so npm start needs no settings", () => {
    for (const local of ["http://localhost:3000", "http://127.0.0.1:3400"]) {
      const config = loadEnv({ ...production, PUBLIC_URL: local });
      expect(config.COMPANY_PHONE).toEqual({ e164: "+18015550100", display: "(801) 555-0100" });
      expect(config.COMPANY_EMAIL).toBe("office@localhost");
    }
    expect(loadEnv(base).COMPANY_PHONE.e164).toBe("+18015550100");
  });

  it("refuses a number nobody can call and an address that is not one, in one line", () => {
    expect(() => loadEnv({ ...base, COMPANY_PHONE: "call us" })).toThrow(
      /^Invalid configuration: COMPANY_PHONE: must be a phone number people can call/,
    );
    expect(() => loadEnv({ ...base, COMPANY_PHONE: "555-0100" })).toThrow(/COMPANY_PHONE/);
    expect(() => loadEnv({ ...base, COMPANY_EMAIL: "office" })).toThrow(/COMPANY_EMAIL/);
    expect(loadEnv({ ...base, COMPANY_PHONE: "+44 20 7946 0958" }).COMPANY_PHONE).toEqual({
      e164: "+442079460958",
      display: "+44 20 7946 0958",
    });
  });
});
