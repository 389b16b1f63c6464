import type { AbstractIntlMessages } from "next-intl";

/**
 * The texts the Report button and its dialog read (messages `reports` without the queue's, which only root's page
 * uses), for a TextsProvider around the preview's and the reader's client components.
 */
export function reporterTexts(messages: AbstractIntlMessages): AbstractIntlMessages {
  const all = messages.reports;
  if (!all || typeof all !== "object") return {};
  const { queue: _queue, ...texts } = all as Record<string, unknown>;
  return { reports: texts as AbstractIntlMessages };
}
