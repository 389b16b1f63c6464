// No "server-only" marker: the custom server (plain Node) loads it through the publishing notices and the digest timer.
import { eq } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import type { Db } from "@/db/client";
import { emailOutbox } from "@/db/schema";
import type { Executor, UnitOfWork } from "@/server/core/unit-of-work";
import { env } from "@/server/env";
import { log } from "@/server/core/log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface SendMailOptions extends MailMessage {
  db: Db;
  /** The link the mail carries, for the console line when no SMTP server is configured. */
  link?: string;
  /**
   * Deliver over SMTP in the background instead of waiting (the outbox row is written either way).
   * Used where the answer must not reveal by its timing whether a mail went out (forgot password).
   */
  background?: boolean;
}

/**
 * Every mail is written to email_outbox first (the record; tests and the demo read it). With SMTP_URL
 * set it is then sent with nodemailer and the row marked sent (or its error kept); without, one console
 * line shows the recipient and the link, so the demo works with no mail server.
 */
export async function sendMail(opts: SendMailOptions): Promise<{ id: number }> {
  const id = await writeOutbox(opts.db, opts);
  const delivery = dispatch(opts.db, id, opts);
  if (opts.background) void delivery;
  else await delivery;
  return { id };
}

/**
 * sendMail inside a use case (docs/decisions/012): the outbox row is written in the use case's transaction, and the
 * mail goes out (SMTP in the background, or the console line) only after it commits; a rollback sends nothing.
 * `db` is the database itself, which marks the row sent after the commit.
 */
export async function sendMailAfterCommit(uow: UnitOfWork, opts: Omit<SendMailOptions, "background">): Promise<{ id: number }> {
  const id = await writeOutbox(uow.tx, opts);
  uow.afterCommit(() => void dispatch(opts.db, id, opts));
  return { id };
}

async function writeOutbox(db: Executor, { to, subject, text, html }: MailMessage): Promise<number> {
  const [row] = await db.insert(emailOutbox).values({ to, subject, text, html }).returning({ id: emailOutbox.id });
  if (!row) throw new Error("email_outbox insert returned no row");
  return row.id;
}

/**
 * SMTP delivery when SMTP_URL is set; otherwise one log line (not under test). The line names the link (sign-in and
 * reset tokens travel in it) only in development, where it is how a developer opens it; never the body (ADR 026).
 */
async function dispatch(db: Db, id: number, opts: MailMessage & { link?: string }): Promise<void> {
  const { to, subject, text, html } = opts;
  const smtpUrl = env.smtpUrl;
  if (!smtpUrl) {
    if (process.env.NODE_ENV !== "test") {
      const link = process.env.NODE_ENV === "development" ? (opts.link ?? /https?:\/\/\S+/.exec(text)?.[0] ?? "") : "";
      // The address and subject only in development too: production lines name the outbox row, never a person.
      if (link) log.info({ outboxId: id }, `[mail] no SMTP_URL: to ${to}: ${subject} — ${link}`);
      else log.info({ outboxId: id }, "[mail] no SMTP_URL: not sent");
    }
    return;
  }
  await deliver(db, id, smtpUrl, { to, subject, text, html });
}

async function deliver(db: Db, id: number, smtpUrl: string, message: MailMessage): Promise<void> {
  try {
    await (await transport(smtpUrl)).sendMail({ from: env.mailFrom, ...message });
    await db.update(emailOutbox).set({ sentAt: new Date(), error: null }).where(eq(emailOutbox.id, id));
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    log.error({ err, outboxId: id }, "[mail] sending failed");
    await db.update(emailOutbox).set({ error: error.slice(0, 1000) }).where(eq(emailOutbox.id, id)).catch(() => undefined);
  }
}

const KEY = Symbol.for("manga.mail.transport");
type G = typeof globalThis & { [KEY]?: { url: string; transport: Promise<Transporter> } };

/** One pooled transport per SMTP_URL for the process. */
function transport(url: string): Promise<Transporter> {
  const g = globalThis as G;
  if (g[KEY]?.url !== url) {
    g[KEY] = {
      url,
      // Bounded waits: a mail server that does not answer must not keep deliveries pending for minutes.
      transport: import("nodemailer").then((nodemailer) =>
        nodemailer.createTransport({ url, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 }),
      ),
    };
  }
  return g[KEY].transport;
}
