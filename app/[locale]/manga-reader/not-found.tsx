import { getTranslations } from "next-intl/server";
import { BookX } from "lucide-react";
import { Link } from "@/i18n/navigation";

/** A chapter that does not exist, or that this viewer may not see (pending or rejected content). */
export default async function ReaderNotFound() {
  const t = await getTranslations("reader");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 p-6 text-center">
      <BookX className="size-14 text-brand-500" aria-hidden />
      <h1 className="text-2xl font-black text-white">{t("notFoundTitle")}</h1>
      <p className="max-w-md text-zinc-400">{t("notFoundText")}</p>
      <Link href="/discovery" className="mt-2 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("notFoundBack")}
      </Link>
    </main>
  );
}
