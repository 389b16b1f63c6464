import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, setRequestLocale } from "next-intl/server";
import { pickMessages } from "@/lib/i18n-pick";
import { TextsProvider } from "@/i18n/client";
import { reporterTexts } from "@/components/reports/reporter-texts";

/**
 * The offline page's layout (issue 32, item 6): full screen and dark like the reader's, whose component it shows a
 * saved chapter in, with the reader's messages and its own. Nothing in it depends on who asks (the service worker keeps
 * one copy of the page for everyone of this browser).
 */
export default async function OfflineLayout({ children, params }: { children: ReactNode; params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  setRequestLocale(locale);
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ["reader", "genres", "offline"])}>
      <TextsProvider messages={{ ...pickMessages(messages, ["manga"]), ...reporterTexts(messages) }}>
        <div className="dark min-h-dvh bg-zinc-950 text-zinc-100">{children}</div>
      </TextsProvider>
    </NextIntlClientProvider>
  );
}
