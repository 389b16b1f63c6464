import { ShieldX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { getSessionUser } from "@/server/auth/session";
import { mayOpen } from "./navigation";
import { buttonClass } from "@/components/ui/Button";
import { markForbidden } from "@/server/http/request-faults-mark";

/** The 403 view for a dashboard page the signed-in role may not open; the page is answered 403, uncached (ADR 026). */
export async function Forbidden() {
  markForbidden();
  const t = await getTranslations("dashboard.forbidden");
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center py-16 text-center" data-testid="forbidden">
      <span className="grid size-16 place-items-center rounded-2xl bg-red-50 text-red-600 ring-8 ring-red-50/50 dark:bg-red-500/10 dark:text-red-400 dark:ring-red-500/5">
        <ShieldX className="size-7" aria-hidden />
      </span>
      <p className="mt-6 text-sm font-bold tracking-widest text-red-600 dark:text-red-400">{t("code")}</p>
      <h2 className="mt-1 text-2xl font-extrabold tracking-tight">{t("title")}</h2>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("text")}</p>
      <Link href="/dashboard/discovery" className={`mt-6 ${buttonClass()}`}>
        {t("back")}
      </Link>
    </section>
  );
}

/**
 * Renders `children` for the allowed roles and the 403 view for anyone else (the layout already sent
 * signed-out visitors to /auth).
 */
export async function RoleGate({ roles, children }: { roles: readonly number[]; children: React.ReactNode }) {
  const user = await getSessionUser();
  if (!user || !mayOpen(user.role, roles)) return <Forbidden />;
  return <>{children}</>;
}
