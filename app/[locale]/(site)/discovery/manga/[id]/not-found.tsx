import { SearchX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { Link } from "@/i18n/navigation";

export default async function MangaNotFound() {
  const t = await getTranslations("preview");
  return (
    <section className="mx-auto flex min-h-[55vh] max-w-xl flex-col items-center justify-center px-6 py-16 text-center">
      <SearchX className="size-14 text-brand-600" aria-hidden />
      <h1 className="mt-5 text-2xl font-extrabold">{t("notFoundTitle")}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{t("notFoundText")}</p>
      <Link href="/discovery" className="mt-6 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("back")}
      </Link>
    </section>
  );
}
