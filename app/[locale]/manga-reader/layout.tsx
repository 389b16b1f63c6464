import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, setRequestLocale } from "next-intl/server";
import { pickMessages } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { reporterTexts } from "@/components/reports/reporter-texts";
import { FeedLink } from "@/components/latest/FeedLink";

/**
 * The reader's own full-screen layout (no site header or footer): only the messages its client components use
 * go to the browser.
 */
export default async function ReaderLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ["reader", "genres"])}>
      {/* The end-of-chapter card's favourite heart and the header's report flag are the public site's components. */}
      <TextsProvider messages={{ ...pickMessages(messages, ["manga"]), ...reporterTexts(messages) }}>
        <FeedLink locale={locale} />
        <div className="min-h-dvh bg-zinc-950 text-zinc-100">{children}</div>
      </TextsProvider>
    </NextIntlClientProvider>
  );
}
