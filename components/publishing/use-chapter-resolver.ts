"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import type { Resolver } from "react-hook-form";
import { chapterFormSchema, type ChapterFormInput, type ChapterFormValues } from "@/lib/validation/publishing";
import { localToIso } from "./datetime";

/**
 * The chapter form's resolver: the shared schema (lib/validation/publishing.ts) in the page's language, with the
 * local date-time inputs' values turned into the ISO instants the schema and the API take. The free date belongs to a
 * premium chapter: unticking premium drops it. `currentFreeAt` (the edit dialog) lets a stored, passed one stay.
 */
export function useChapterResolver(currentFreeAt?: string | null): Resolver<ChapterFormInput, unknown, ChapterFormValues> {
  const te = useTranslations("mangaForm.errors");
  return useMemo(() => {
    const base = zodResolver(chapterFormSchema((key) => te(key), { currentFreeAt }));
    return (values, context, options) =>
      base(
        {
          ...values,
          publishAt: localToIso(values.publishAt as string | undefined),
          freeAt: values.isPremium === true || values.isPremium === "true" ? localToIso(values.freeAt as string | undefined) : "",
        },
        context,
        options,
      );
  }, [te, currentFreeAt]);
}
