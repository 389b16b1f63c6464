import net from "node:net";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import { resetPasswordLink, verifyEmailLink } from "./links";
import { sendMail } from "./send-mail";
import { escapeHtml, resetPasswordMail, verifyEmailMail } from "./templates";

afterEach(() => {
  delete process.env.SMTP_URL;
  delete process.env.SITE_URL;
});

describe("mail", () => {
  it("builds links from SITE_URL, Arabic under /ar", () => {
    process.env.SITE_URL = "https://manga.example/";
    expect(verifyEmailLink("en", "abc")).toBe("https://manga.example/auth/verify-email?token=abc");
    expect(verifyEmailLink("ar", "abc")).toBe("https://manga.example/ar/auth/verify-email?token=abc");
    expect(resetPasswordLink("en", "a+b/c")).toBe("https://manga.example/auth/reset-password?token=a%2Bb%2Fc");
  });

  it("has the verify and reset mails in both languages, with the link and an escaped name", () => {
    const link = "https://manga.example/auth/verify-email?token=t1";
    const en = verifyEmailMail({ locale: "en", name: "Alex <b>", link });
    expect(en.subject).toContain("Verify your email");
    expect(en.text).toContain(link);
    expect(en.html).toContain(escapeHtml(link));
    expect(en.html).toContain("Alex &#60;b&#62;");
    expect(en.html).not.toContain("<b>,");
    const ar = verifyEmailMail({ locale: "ar", name: "ريم", link });
    expect(ar.html).toContain('dir="rtl"');
    expect(ar.text).toContain("مرحبًا ريم");
    const reset = resetPasswordMail({ locale: "ar", name: "ريم", link: "https://manga.example/ar/auth/reset-password?token=t2" });
    expect(reset.text).toContain("30 دقيقة");
    expect(resetPasswordMail({ locale: "en", name: "A", link }).text).toContain("30 minutes");
  });

  it("writes every mail to the outbox; without SMTP nothing else happens", async () => {
    const db = await getDb();
    const { id } = await sendMail({ db, to: "a@example.com", subject: "S", text: "T https://x/y", html: "<p>T</p>" });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ to: "a@example.com", subject: "S", text: "T https://x/y", html: "<p>T</p>", sentAt: null, error: null });
  });

  it("with SMTP_URL delivers through nodemailer and marks the row sent", async () => {
    const received: string[] = [];
    const server = net.createServer((socket) => {
      let inData = false;
      socket.write("220 test ESMTP\r\n");
      socket.on("data", (chunk) => {
        for (const line of chunk.toString("utf8").split("\r\n")) {
          if (inData) {
            if (line === ".") {
              inData = false;
              socket.write("250 queued\r\n");
            } else received.push(line);
          } else if (/^(EHLO|HELO)/i.test(line)) socket.write("250 test\r\n");
          else if (/^(MAIL|RCPT)/i.test(line)) socket.write("250 ok\r\n");
          else if (/^DATA/i.test(line)) {
            inData = true;
            socket.write("354 go\r\n");
          } else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as net.AddressInfo;
    process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
    try {
      const db = await getDb();
      const { id } = await sendMail({ db, to: "c@example.com", subject: "Hello SMTP", text: "Body https://x/y" });
      const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.error).toBeNull();
      expect(received.join("\n")).toContain("Subject: Hello SMTP");
      expect(received.join("\n")).toContain("To: c@example.com");
    } finally {
      server.close();
    }
  });

  it("with SMTP_URL sends through nodemailer and records a failure on the row", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    const db = await getDb();
    const { id } = await sendMail({ db, to: "b@example.com", subject: "S", text: "T" });
    const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row?.sentAt).toBeNull();
    expect(row?.error).toMatch(/ECONNREFUSED|connect/i);
  });
});
