import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { cache, Suspense } from "react";
import { getDb } from "@/db/client";
import { redirect } from "@/i18n/navigation";
import { isLocale } from "@/i18n/routing";
import { getSessionUser } from "@/server/auth/session";
import { listFavoriteIds } from "@/server/favorites/list-favorites";
import { cachedGenreRow } from "@/server/manga/cache";
import { getMangaById } from "@/server/manga/get-manga";
import type { Role } from "@/lib/enums";
import { GenreCarousel } from "@/components/landing/GenreCarousel";
import { CarouselSkeleton } from "@/components/landing/Skeletons";
import { FavoritesSeed } from "@/components/manga/FavoritesSeed";
import { FollowButton } from "@/components/follows/FollowButton";
import { findWriterId } from "@/server/follows/find-writer";
import { MangaPreview } from "@/components/manga/MangaPreview";
import { DashboardRating } from "@/components/ratings/DashboardRating";
import { markNotFound } from "@/server/http/request-faults-mark";
import DashboardMangaNotFound from "./not-found";

type Props = { params: Promise<{ locale: string; id: string }> };

/** The manga as this user may see it (writers also their own unpublished work, root everything); one read per request. */
const loadManga = cache(async (id: string) => {
  const user = await getSessionUser();
  if (!user || !/^\d{1,9}$/.test(id)) return null;
  return getMangaById({ db: await getDb(), id: Number(id), viewer: { userId: user.id, role: user.role as Role } });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = isLocale(raw) ? raw : "en";
  const m = await loadManga(id);
  const t = await getTranslations({ locale, namespace: "previewManga" });
  return { title: m ? m.title : t("notFound"), robots: { index: false, follow: false } };
}

async function Suggestions({ exclude }: { exclude: number }) {
  const t = await getTranslations("preview");
  const items = (await cachedGenreRow("Adventure")).filter((s) => s.id !== exclude);
  if (items.length === 0) return null;
  return <GenreCarousel genre="Adventure" items={items} title={t("suggestions")} />;
}

/** The dashboard's manga preview (spec §2): reading opens the reader; the heart toggles the favourite. */
export default async function DashboardMangaPage({ params }: Props) {
  const { locale, id } = await params;
  setRequestLocale(locale);
  const user = await getSessionUser();
  if (!user) return redirect({ href: "/auth", locale });
  const [m, favorites] = await Promise.all([loadManga(id), listFavoriteIds({ db: await getDb(), userId: user.id })]);
  if (!m) {
    markNotFound();
    return <DashboardMangaNotFound />;
  }
  const [t, tw] = await Promise.all([getTranslations("preview"), getTranslations("writers")]);
  // Follow the writer from their manga (issue 34): for an author who can be followed, and not oneself.
  const writerId = m.user.username ? await findWriterId({ db: await getDb(), username: m.user.username }) : null;
  const follow =
    writerId !== null && writerId !== user.id ? (
      <FollowButton size="sm" writerId={writerId} returnPath={`/dashboard/discovery/manga/${m.id}`} texts={{ follow: tw("follow"), following: tw("following"), followLabel: tw("followLabel", { name: m.user.username ?? "" }), followingLabel: tw("followingLabel", { name: m.user.username ?? "" }), failed: tw("failed") }} />
    ) : null;
  return (
    <div className="flex flex-col gap-12 py-6">
      <FavoritesSeed userId={user.id} ids={favorites} />
      <MangaPreview
        manga={m}
        locale={locale}
        variant="dashboard"
        chapterHref={(chapterId) => `/manga-reader/${m.id}/${chapterId}`}
        genreHref={(genre) => ({ pathname: "/dashboard/discovery", query: { genre } })}
        authorAction={follow}
        rating={<DashboardRating manga={m} locale={locale} />}
      />
      <Suspense fallback={<CarouselSkeleton title={t("suggestions")} />}>
        <Suggestions exclude={m.id} />
      </Suspense>
    </div>
  );
}
