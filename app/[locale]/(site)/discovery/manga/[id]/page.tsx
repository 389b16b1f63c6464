import type { Metadata } from "next";
import { BookOpen, Eye, Heart, Layers, Lock } from "lucide-react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getDb } from "@/db/client";
import { Link } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { PAGE_SIZE } from "@/lib/constants";
import { alternatesFor } from "@/lib/seo";
import { env } from "@/server/env";
import { getPublicManga } from "@/server/manga/get-manga";
import { listManga } from "@/server/manga/list-manga";
import { GenreCarousel } from "@/components/landing/GenreCarousel";

type Props = { params: Promise<{ locale: string; id: string }> };

export const dynamic = "force-dynamic";

/** One database read per request, shared by the metadata and the page. */
const loadManga = cache(async (id: string) => {
  if (!/^\d{1,9}$/.test(id)) return null;
  return getPublicManga({ db: await getDb(), id: Number(id) });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  const m = await loadManga(id);
  if (!m) return { title: (await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "preview" }))("notFoundTitle") };
  const tg = await getTranslations({ locale: isLocale(locale) ? locale : "en", namespace: "genres" });
  const images = m.coverImageUrl ? [{ url: m.coverImageUrl, width: 600, height: 900, alt: m.title }] : [];
  return {
    title: m.title,
    description: m.description.slice(0, 300),
    keywords: m.genres.map((g) => tg(g)),
    alternates: alternatesFor(locale, `/discovery/manga/${m.id}`),
    openGraph: { type: "book", title: m.title, description: m.description.slice(0, 300), images, url: `${locale === "ar" ? "/ar" : ""}/discovery/manga/${m.id}` },
    twitter: { card: "summary_large_image", title: m.title, description: m.description.slice(0, 200), images: images.map((i) => i.url) },
  };
}

export default async function MangaPreviewPage({ params }: Props) {
  const { locale, id } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const m = await loadManga(id);
  if (!m) notFound();
  const t = await getTranslations("preview");
  const tm = await getTranslations("manga");
  const tg = await getTranslations("genres");
  const author = m.user.username ?? tm("unknownAuthor");
  const suggestions = (await listManga({ db: await getDb(), genres: ["Adventure"], pageSize: PAGE_SIZE.carousel })).items.filter((s) => s.id !== m.id);
  // Spec §2: from the public preview, reading needs an account; visitors go to the login screen.
  const loginHref = { pathname: "/auth", query: { type: "login" } };
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Book",
    name: m.title,
    description: m.description,
    author: { "@type": "Person", name: author },
    genre: m.genres,
    image: m.coverImageUrl ? `${env.siteUrl}${m.coverImageUrl}` : undefined,
    url: `${env.siteUrl}${locale === "ar" ? "/ar" : ""}/discovery/manga/${m.id}`,
    inLanguage: /[\u0600-\u06FF]/.test(m.title) ? "ar" : "en",
    numberOfPages: m.chapters.reduce((n, c) => n + c.pageCount, 0),
    interactionStatistic: { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: m.favorites },
  };
  const stat = "flex items-center gap-2 rounded-2xl bg-zinc-100 px-4 py-3 dark:bg-zinc-900";

  return (
    <div className="flex flex-col gap-12 py-6">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <article className="relative isolate overflow-hidden px-4 sm:px-6 lg:px-8">
        {m.coverImageUrl && (
          // eslint-disable-next-line @next/next/no-img-element -- decorative blurred backdrop from the same cover
          <img src={m.coverImageUrl} alt="" aria-hidden className="absolute inset-x-0 top-0 -z-10 h-72 w-full scale-110 object-cover opacity-30 blur-2xl dark:opacity-20" />
        )}
        <div className="grid gap-8 pt-4 md:grid-cols-[minmax(0,18rem)_1fr] lg:gap-12">
          <div className="mx-auto w-full max-w-[18rem]">
            {m.coverImageUrl && (
              // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
              <img src={m.coverImageUrl} alt={m.title} width={600} height={900} fetchPriority="high" className="aspect-[2/3] w-full rounded-2xl object-cover shadow-2xl ring-1 ring-black/10" />
            )}
          </div>
          <div className="flex flex-col gap-5">
            <div>
              <h1 className="text-3xl font-black leading-tight tracking-tight sm:text-4xl">{m.title}</h1>
              <p className="mt-2 text-zinc-600 dark:text-zinc-400">{tm("by", { author })}</p>
            </div>
            {m.genres.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label={t("genres")}>
                {m.genres.map((g) => (
                  <li key={g}>
                    <Link href={{ pathname: "/discovery", query: { genre: g } }} className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-100 dark:bg-brand-600/15 dark:text-brand-400">
                      {tg(g)}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <p className="max-w-3xl whitespace-pre-line leading-8 text-zinc-700 dark:text-zinc-300">{m.description}</p>
            <dl className="grid max-w-xl grid-cols-3 gap-3 text-sm">
              <div className={stat}><Eye className="size-4 text-brand-600" aria-hidden /><dt className="sr-only">{t("views")}</dt><dd className="font-bold tabular-nums">{m.views.toLocaleString(locale)}</dd></div>
              <div className={stat}><Heart className="size-4 text-brand-600" aria-hidden /><dt className="sr-only">{t("favorites")}</dt><dd className="font-bold tabular-nums">{m.favorites.toLocaleString(locale)}</dd></div>
              <div className={stat}><Layers className="size-4 text-brand-600" aria-hidden /><dt className="sr-only">{t("chapterCount")}</dt><dd className="font-bold tabular-nums">{m.chapters.length.toLocaleString(locale)}</dd></div>
            </dl>
            <div className="flex flex-wrap gap-3">
              {m.chapters.length > 0 && (
                <Link href={loginHref} className="inline-flex items-center gap-2 rounded-full bg-brand-600 px-6 py-3 font-bold text-white shadow-lg shadow-brand-600/30 hover:bg-brand-700">
                  <BookOpen className="size-5" aria-hidden />
                  {t("read")}
                </Link>
              )}
              <Link href={loginHref} className="inline-flex items-center gap-2 rounded-full border border-zinc-300 px-5 py-3 font-semibold hover:border-brand-500 hover:text-brand-600 dark:border-zinc-700">
                <Heart className="size-5" aria-hidden />
                {tm("addFavorite")}
              </Link>
            </div>
          </div>
        </div>
      </article>

      <section aria-labelledby="chapters-title" className="px-4 sm:px-6 lg:px-8">
        <h2 id="chapters-title" className="mb-4 text-xl font-extrabold">{t("chapters")}</h2>
        {m.chapters.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-zinc-500 dark:border-zinc-700">{t("noChapters")}</p>
        ) : (
          <ol className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
            {m.chapters.map((c, index) => (
              <li key={c.id}>
                <Link href={loginHref} className="flex items-center justify-between gap-3 rounded-xl border border-zinc-200 px-4 py-3 transition hover:border-brand-500 hover:bg-brand-50/50 dark:border-zinc-800 dark:hover:bg-brand-600/10">
                  <span className="truncate font-medium">{t("chapterRow", { index, title: c.title })}</span>
                  {c.isPremium && (
                    <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                      <Lock className="size-3" aria-hidden />
                      {t("premium")}
                    </span>
                  )}
                </Link>
              </li>
            ))}
          </ol>
        )}
      </section>

      {suggestions.length > 0 && <GenreCarousel genre="Adventure" items={suggestions} title={t("suggestions")} />}
    </div>
  );
}
