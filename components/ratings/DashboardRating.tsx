import { getMessages } from "next-intl/server";
import { TextsProvider } from "@/i18n/client";
import { Status } from "@/lib/enums";
import type { MangaDetail } from "@/server/manga/get-manga";
import { RatingLine } from "./PreviewRating";
import { RatingControl } from "./RatingControl";

/**
 * The dashboard preview's ratings (docs/decisions/028): the server's mean and count, replaced by the rating control
 * once the session is known (its query code loads then). A manga that is not public (a writer's own pending work, or
 * root looking at any) cannot be rated: the line alone.
 */
export async function DashboardRating({ manga: m, locale }: { manga: MangaDetail; locale: string }) {
  const line = <RatingLine manga={m} locale={locale} />;
  if (m.status !== Status.Accepted) return line;
  const messages = await getMessages();
  return (
    <TextsProvider messages={{ rating: messages.rating as Record<string, string> }}>
      <RatingControl mangaId={m.id}>{line}</RatingControl>
    </TextsProvider>
  );
}
