"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Resolver } from "react-hook-form";
import { chapterFormSchema, type ChapterFormInput, type ChapterFormValues } from "@/lib/validation/publishing";
import { localToIso } from "./datetime";

/**
 * The chapter form's resolver: the shared schema (lib/validation/publishing.ts) in the page's language, with the
 * local date-time input's value turned into the ISO instant the schema and the API take.
 */
export function useChapterResolver(): Resolver<ChapterFormInput, unknown, ChapterFormValues> {
  const te = useTranslations("mangaForm.errors");
  return useMemo(() => {
    const base = zodResolver(chapterFormSchema((key) => te(key)));
    return (values, context, options) => base({ ...values, publishAt: localToIso(values.publishAt as string | undefined) }, context, options);
  }, [te]);
}
