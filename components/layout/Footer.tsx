import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { SITE } from "@/lib/site";
import { Logo } from "./Logo";

function SocialIcon({ name }: { name: "facebook" | "instagram" | "x" }) {
  const paths = {
    facebook: "M14 8h3V4h-3c-2.8 0-4.5 1.8-4.5 4.6V11H7v4h2.5v9h4v-9H17l.5-4h-4V9c0-.6.4-1 1-1z",
    instagram:
      "M12 7.3A4.7 4.7 0 1 0 12 16.7 4.7 4.7 0 0 0 12 7.3zm0 7.7a3 3 0 1 1 0-6 3 3 0 0 1 0 6zm6-7.9a1.1 1.1 0 1 1-2.2 0 1.1 1.1 0 0 1 2.2 0zM12 3c-2.4 0-2.7 0-3.7.1C4.8 3.2 3.2 4.8 3.1 8.3 3 9.3 3 9.6 3 12s0 2.7.1 3.7c.1 3.5 1.7 5.1 5.2 5.2 1 .1 1.3.1 3.7.1s2.7 0 3.7-.1c3.5-.1 5.1-1.7 5.2-5.2.1-1 .1-1.3.1-3.7s0-2.7-.1-3.7c-.1-3.5-1.7-5.1-5.2-5.2C14.7 3 14.4 3 12 3zm0 1.6c2.4 0 2.6 0 3.6.1 2.4.1 3.5 1.2 3.6 3.6.1.9.1 1.2.1 3.6s0 2.7-.1 3.6c-.1 2.4-1.2 3.5-3.6 3.6-.9.1-1.2.1-3.6.1s-2.7 0-3.6-.1c-2.4-.1-3.5-1.2-3.6-3.6-.1-.9-.1-1.2-.1-3.6s0-2.7.1-3.6c.1-2.4 1.2-3.5 3.6-3.6.9-.1 1.2-.1 3.6-.1z",
    x: "M17.8 3H21l-7 8 8.2 10H16l-5-6.3L5.3 21H2.1l7.5-8.6L1.8 3h6.4l4.5 5.8L17.8 3zm-1.1 16.2h1.8L7.4 4.7H5.5l11.2 14.5z",
  } as const;
  return (
    <svg viewBox="0 0 24 24" className="size-4 fill-current" aria-hidden="true">
      <path d={paths[name]} />
    </svg>
  );
}

const linkClass = "text-sm text-zinc-600 transition hover:text-brand-600 dark:text-zinc-400 dark:hover:text-brand-400";

export async function Footer() {
  const t = await getTranslations("footer");
  const brand = (await getTranslations("brand"))("name");
  const columns = [
    {
      title: t("main"),
      links: [
        { href: "/", label: t("home") },
        { href: "/discovery", label: t("discovery") },
        { href: "/auth?type=login", label: t("login") },
        { href: "/auth?type=register", label: t("register") },
        { href: "/offline", label: t("offline") },
      ],
    },
    {
      title: t("resources"),
      links: [
        { href: "/frequently-asked-questions", label: t("faq") },
        { href: "/terms-of-service", label: t("terms") },
        { href: "/privacy-policy", label: t("privacy") },
      ],
    },
  ];
  return (
    <footer className="mt-16 border-t border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/60">
      <div className="mx-auto grid max-w-[1800px] gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr] lg:px-8">
        <div className="max-w-md">
          <Logo label={brand} />
          <p className="mt-4 text-sm leading-7 text-zinc-600 dark:text-zinc-400">{t("description")}</p>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-bold uppercase tracking-wider text-zinc-900 dark:text-zinc-100">{col.title}</h2>
            <ul className="mt-4 grid gap-3">
              {col.links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label={t("social")}>
          <h2 className="text-sm font-bold uppercase tracking-wider text-zinc-900 dark:text-zinc-100">{t("social")}</h2>
          <ul className="mt-4 grid gap-3">
            {(["facebook", "instagram", "x"] as const).map((name) => (
              <li key={name}>
                <a href={SITE.social[name]} target="_blank" rel="noopener noreferrer" className={`inline-flex items-center gap-2 ${linkClass}`}>
                  <SocialIcon name={name} />
                  {t(name)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-zinc-200 dark:border-zinc-800">
        {/* The end padding keeps the credit line clear of the scroll-to-top button (fixed 24 px from the corner, 48 px wide). */}
        <div className="mx-auto flex max-w-[1800px] flex-col gap-2 px-4 py-5 pe-20 text-xs text-zinc-500 sm:flex-row sm:items-center sm:justify-between sm:px-6 sm:pe-24 lg:px-8 lg:pe-24 dark:text-zinc-400">
          <p>{t("copyright", { brand })}</p>
          <p>{t("credits", { company: t("eventsCompany"), brand })}</p>
        </div>
      </div>
    </footer>
  );
}
