import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notifications } from "@/db/schema";
import type { Locale } from "@/i18n/routing";
import { runUnitOfWork } from "@/server/core/unit-of-work";
import { siteLink } from "@/server/mail/links";
import { sendMailAfterCommit } from "@/server/mail/send-mail";
import { recipientLocale, renderNotification } from "./catalogue";
import { startPeriodic } from "@/server/core/periodic";

/**
 * The daily e-mail digest (issue 14, beyond the spec): a user who turned it on, with unread notifications from the last
 * 24 hours and no digest in the last 20 hours, gets one mail listing up to 20 of them (newest first, each with its
 * link), in their language (users.locale: each notification rendered in it), through the mail path (outbox; SMTP when configured).
 *
 * Every process runs it (startDigestTimer); a user is claimed with one UPDATE … RETURNING of `digest_sent_at` in the
 * transaction that writes the outbox rows, so of several processes only one sends (the others skip locked rows, or
 * see the new time once it commits). A batch is at most BATCH users; the run repeats until none is due.
 */
const WINDOW = "24 hours";
const GAP = "20 hours";
const MAX_ITEMS = 20;
const BATCH = 200;
export const DIGEST_INTERVAL_MS = 10 * 60 * 1000;

const TEXTS: Record<Locale, { subject: string; greeting: (name: string) => string; intro: (n: number) => string; more: (n: number) => string; settings: string; brand: string }> = {
  en: {
    subject: "Your unread notifications — MangaNova",
    greeting: (name) => `Hello ${name},`,
    intro: (n) => (n === 1 ? "You have 1 unread notification from the last 24 hours:" : `You have ${n} unread notifications from the last 24 hours:`),
    more: (n) => `…and ${n} more.`,
    settings: "You receive this daily digest because you turned it on. Change it in your notification preferences:",
    brand: "MangaNova",
  },
  ar: {
    subject: "إشعاراتك غير المقروءة — مانجا نوفا",
    greeting: (name) => `مرحبًا ${name}،`,
    intro: (n) => (n === 1 ? "لديك إشعار واحد غير مقروء خلال آخر 24 ساعة:" : `لديك ${n} من الإشعارات غير المقروءة خلال آخر 24 ساعة:`),
    more: (n) => `…و${n} غيرها.`,
    settings: "تصلك هذه الرسالة اليومية لأنك فعّلتها. يمكنك تغيير ذلك من إعدادات الإشعارات:",
    brand: "مانجا نوفا",
  },
};

/** Sends the digests due now; answers how many users got one. */
export async function sendDigests({ db }: { db: Db }): Promise<{ sent: number }> {
  let sent = 0;
  for (;;) {
    const n = await sendBatch(db);
    sent += n;
    if (n < BATCH) return { sent };
  }
}

async function sendBatch(db: Db): Promise<number> {
  return runUnitOfWork(db, async (uow) => {
    const claimed = await uow.tx.execute<{ user_id: number; email: string; full_name: string; username: string; locale: string }>(sql`
      update notification_preferences p set digest_sent_at = now()
      from users u
      where u.id = p.user_id and p.user_id in (
        select q.user_id from notification_preferences q join users v on v.id = q.user_id
        where q.digest = true and v.banned = false and v.email_verified = true
          and (q.digest_sent_at is null or q.digest_sent_at < now() - interval '${sql.raw(GAP)}')
          and exists (select 1 from notifications n where n.user_id = q.user_id and n.is_read = false and n.created_at > now() - interval '${sql.raw(WINDOW)}')
        order by q.user_id
        limit ${BATCH}
        for update of q skip locked)
        and (p.digest_sent_at is null or p.digest_sent_at < now() - interval '${sql.raw(GAP)}')
      returning p.user_id, u.email, u.full_name, u.username, u.locale`);
    for (const user of claimed.rows) {
      const userId = Number(user.user_id);
      const since = sql`now() - interval '${sql.raw(WINDOW)}'`;
      const unread = and(eq(notifications.userId, userId), eq(notifications.isRead, false), gt(notifications.createdAt, since));
      const items = await uow.tx
        .select({ message: notifications.message, kind: notifications.kind, params: notifications.params, link: notifications.link, total: sql<number>`count(*) over ()` })
        .from(notifications)
        .where(unread)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(MAX_ITEMS);
      if (items.length === 0) continue;
      const locale = recipientLocale(user.locale);
      const total = Number(items[0]!.total);
      const rendered = items.map((item) => ({ message: renderNotification(item, locale), link: item.link }));
      await sendMailAfterCommit(uow, { db, to: user.email, ...digestMail(locale, user.full_name || user.username, rendered, total) });
    }
    return claimed.rows.length;
  });
}

function digestMail(locale: Locale, name: string, items: ReadonlyArray<{ message: string; link: string | null }>, total: number): { subject: string; text: string; link: string } {
  const t = TEXTS[locale];
  const page = siteLink(locale, "/dashboard/notifications");
  const lines = items.map((item) => `• ${item.message}\n  ${siteLink(locale, item.link ?? "/dashboard/notifications")}`);
  const text = [t.greeting(name), "", t.intro(total), "", ...lines, ...(total > items.length ? ["", t.more(total - items.length)] : []), "", t.settings, page, "", t.brand].join("\n");
  return { subject: t.subject, text, link: page };
}

/** Every DIGEST_INTERVAL_MS (and once at start), in every process; one run at a time per process. */
export function startDigestTimer(db: Db): () => void {
  return startPeriodic("digest", DIGEST_INTERVAL_MS, () => sendDigests({ db }));
}
