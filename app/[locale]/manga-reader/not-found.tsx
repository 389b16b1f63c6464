import { BookX } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { NotFoundPanel } from "@/components/ui/NotFoundPanel";

/** A chapter that does not exist, or that this viewer may not see (pending or rejected content). */
export default async function ReaderNotFound() {
  const t = await getTranslations("reader");
  return (
    <main>
      <NotFoundPanel icon={BookX} title={t("notFoundTitle")} text={t("notFoundText")} backHref="/discovery" backLabel={t("notFoundBack")} onDark />
    </main>
  );
}
