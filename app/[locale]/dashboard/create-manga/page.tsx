import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { RoleGate } from "@/components/dashboard/Forbidden";
import { PAGE_ROLES } from "@/components/dashboard/navigation";
import { gatedPageMetadata } from "@/components/dashboard/page-metadata";
import { MangaForm } from "@/components/publishing/MangaForm";
import { GENRES } from "@/lib/enums";

type Props = { params: Promise<{ locale: string }> };

export function generateMetadata({ params }: Props): Promise<Metadata> {
  return gatedPageMetadata(params, "createManga", PAGE_ROLES.createManga);
}

/** /dashboard/create-manga (writers and root): the manga form; success opens the new manga's editor. */
export default async function CreateMangaPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const [t, tg] = await Promise.all([getTranslations("mangaForm"), getTranslations("genres")]);
  return (
    <RoleGate roles={PAGE_ROLES.createManga}>
      <section aria-labelledby="page-title" className="mx-auto max-w-5xl">
        <h2 id="page-title" className="text-2xl font-extrabold tracking-tight">{t("createTitle")}</h2>
        <p className="mt-1.5 max-w-2xl text-zinc-600 dark:text-zinc-400">{t("createIntro")}</p>
        <div className="mt-6 rounded-3xl border border-zinc-200 bg-white p-5 shadow-sm sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          <MangaForm genres={GENRES.map((g) => ({ value: g, label: tg(g) }))} />
        </div>
      </section>
    </RoleGate>
  );
}
