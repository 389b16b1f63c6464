import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";
import { buttonClass } from "@/components/ui/Button";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <section className="relative mx-auto flex min-h-[60vh] max-w-2xl flex-col items-center justify-center px-6 py-20 text-center">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(circle_at_50%_30%,theme(colors.rose.200/.5),transparent_60%)] dark:bg-[radial-gradient(circle_at_50%_30%,theme(colors.rose.900/.35),transparent_60%)]" />
      <p className="bg-gradient-to-b from-brand-500 to-brand-700 bg-clip-text text-8xl font-black tracking-tighter text-transparent sm:text-9xl">
        {t("code")}
      </p>
      <h1 className="mt-6 text-2xl font-extrabold sm:text-3xl">{t("title")}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t("description")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link href="/" className={buttonClass()}>
          {t("home")}
        </Link>
        <Link href="/discovery" className="rounded-full border border-zinc-300 px-5 py-2.5 font-semibold hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800">
          {t("discovery")}
        </Link>
      </div>
    </section>
  );
}
