import { SearchX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";

/** Spec §2, §8: the dashboard preview's missing manga (key previewManga.notFound), answered with HTTP 404. */
export default async function DashboardMangaNotFound() {
  const t = await getTranslations("previewManga");
  return (
    <section className="mx-auto flex min-h-[55vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <SearchX className="size-14 text-brand-600" aria-hidden />
      <h1 className="mt-5 text-2xl font-extrabold">{t("notFound")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("notFoundText")}</p>
      <Link href="/dashboard/discovery" className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("back")}
      </Link>
    </section>
  );
}
