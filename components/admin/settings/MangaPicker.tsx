"use client";

import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useRef, useState } from "react";
import { SearchAdornments } from "@/components/admin/SearchAdornments";
import { Button } from "@/components/ui/Button";
import { TextField } from "@/components/ui/fields";
import { useDebounced } from "@/components/ui/use-debounced";
import { useApiQuery } from "@/components/providers/api-query";
import { useApi } from "@/components/providers/use-api";
import type { Genre } from "@/lib/enums";
import { mediaVariantUrl } from "@/lib/media-url";
import type { Paged } from "@/lib/paged";
import type { FeaturedManga } from "./types";

interface Hit {
  id: number;
  title: string;
  coverImageUrl: string | null;
  genres: Genre[];
}

const DEBOUNCE_MS = 300;
const RESULTS = 8;

/**
 * The catalogue search behind the box (accepted manga only), 300 ms after typing stops (spec §9), and the result under
 * the arrow keys: a new answer puts the first result there.
 */
function useMangaSearch(query: string) {
  const [active, setActive] = useState(-1);
  const term = query.trim();
  const searched = useDebounced(term, DEBOUNCE_MS);
  const search = useApiQuery<Paged<Hit>>(["settings-featured-search", searched], "/api/manga/PaginatedManga", {
    request: { query: { searchTerm: searched, page: 1, pageSize: RESULTS, imageFormat: "url", "Filters.MangaStatusTypes": 1 } },
    enabled: searched !== "",
    keepPrevious: true,
  });
  const hits = useMemo(() => (term && searched && search.data ? search.data.items : []), [term, searched, search.data]);
  const loading = term !== "" && (term !== searched || search.isFetching);
  const failed = search.isError;
  // A new answer puts the first result under the arrow keys.
  const [answered, setAnswered] = useState(search.data);
  if (answered !== search.data) {
    setAnswered(search.data);
    setActive(search.data && search.data.items.length > 0 ? 0 : -1);
  }
  return { term, hits, loading, failed, active, setActive };
}

/**
 * The combobox's state: the typed query, whether the listbox is open, the search, the choice (its description, for the
 * preview, from GetMangaById) and the keys: the arrow keys, Home/End, Enter and Escape.
 */
function useMangaPicker(onChange: (manga: FeaturedManga | null) => void) {
  const api = useApi();
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const { term, hits, loading, failed, active, setActive } = useMangaSearch(query);

  const shown = open && term !== "";
  const choose = async (hit: Hit) => {
    setOpen(false);
    setQuery("");
    let description = "";
    try {
      description = (await api<{ description: string }>("/api/manga/GetMangaById", { query: { id: hit.id, imageFormat: "url" } })).description ?? "";
    } catch {
      // The preview shows the title and genres without it; the site reads the real description itself.
    }
    onChange({ id: hit.id, title: hit.title, genres: hit.genres, coverImageUrl: hit.coverImageUrl, description });
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      setActive((i) => (e.key === "ArrowDown" ? (i + 1) % hits.length : (i - 1 + hits.length) % hits.length));
    } else if ((e.key === "Home" || e.key === "End") && shown && hits.length > 0) {
      e.preventDefault();
      setActive(e.key === "Home" ? 0 : hits.length - 1);
    } else if (e.key === "Enter") {
      if (shown && active >= 0 && hits[active]) {
        e.preventDefault();
        void choose(hits[active]);
      }
    } else if (e.key === "Escape") {
      if (shown) {
        e.preventDefault();
        setOpen(false);
      } else setQuery("");
    }
  };

  return { query, setQuery, setOpen, term, hits, loading, failed, active, setActive, shown, choose, onKeyDown };
}

/**
 * Chooses the featured manga by searching the catalogue (accepted manga only): a combobox whose listbox is filled
 * 300 ms after typing stops (spec §9), operable with the arrow keys, Home/End, Enter and Escape. The chosen manga's
 * description (for the preview) comes from GetMangaById.
 */
export function MangaPicker({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: FeaturedManga | null;
  onChange: (manga: FeaturedManga | null) => void;
  error?: string;
}) {
  const t = useTranslations("admin.settings.featured");
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { query, setQuery, setOpen, term, hits, loading, failed, active, setActive, shown, choose, onKeyDown } = useMangaPicker(onChange);

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  const status = !term ? "" : loading ? t("searching") : failed ? t("failed") : hits.length === 0 ? t("empty", { query: term }) : t("results", { count: hits.length });

  return (
    <div className="flex flex-col gap-3">
      <ChosenManga
        id={id}
        value={value}
        onRemove={() => {
          onChange(null);
          input.current?.focus();
        }}
      />
      <div>
      <TextField
        ref={input}
        id={id}
        label={t("label")}
        type="text"
        role="combobox"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 && hits[active] ? `${listId}-${hits[active].id}` : undefined}
        aria-describedby={describedBy}
        error={error}
        autoComplete="off"
        dir="auto"
        placeholder={t("placeholder")}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          if (!e.target.value.trim()) setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        inputClassName="ps-10"
        trailing={
          <>
            <SearchAdornments pending={loading} />
            <HitList listId={listId} label={t("label")} hits={hits} active={active} hidden={!shown || hits.length === 0} onChoose={(hit) => void choose(hit)} onActive={setActive} />
          </>
        }
      />
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">{t("hint")}</p>
      <p role="status" aria-live="polite" className="mt-1 text-xs font-medium text-zinc-600 dark:text-zinc-400" data-testid={`${id}-status`}>
        {shown ? status : ""}
      </p>
      </div>
    </div>
  );
}

/** The chosen manga (cover, title and a Remove button), or a note that none is chosen. */
function ChosenManga({ id, value, onRemove }: { id: string; value: FeaturedManga | null; onRemove: () => void }) {
  const t = useTranslations("admin.settings.featured");
  return value ? (
    <div className="flex items-center gap-3 rounded-2xl border border-zinc-200 bg-zinc-50 p-2.5 dark:border-zinc-800 dark:bg-zinc-900" data-testid={`${id}-chosen`}>
      {value.coverImageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
        <img src={mediaVariantUrl(value.coverImageUrl, 160)} alt="" width={40} height={60} className="h-15 w-10 shrink-0 rounded-lg object-cover" />
      ) : (
        <span className="h-15 w-10 shrink-0 rounded-lg bg-zinc-200 dark:bg-zinc-800" aria-hidden />
      )}
      <span dir="auto" className="min-w-0 flex-1 truncate font-semibold">{value.title}</span>
      <Button variant="ghost" size="sm" className="shrink-0" onClick={onRemove} aria-label={t("removeLabel", { title: value.title })} icon={<X className="size-4" aria-hidden />}>
        {t("remove")}
      </Button>
    </div>
  ) : (
    <p className="rounded-2xl border border-dashed border-zinc-300 px-3 py-2.5 text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400" data-testid={`${id}-none`}>
      {t("none")}
    </p>
  );
}

/** The listbox of results: each with its cover; chosen on mousedown, made active on hover. */
function HitList({
  listId,
  label,
  hits,
  active,
  hidden,
  onChoose,
  onActive,
}: {
  listId: string;
  label: string;
  hits: Hit[];
  active: number;
  hidden: boolean;
  onChoose: (hit: Hit) => void;
  onActive: (index: number) => void;
}) {
  return (
    <ul
      id={listId}
      role="listbox"
      aria-label={label}
      hidden={hidden}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-80 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-1 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
    >
      {hits.map((hit, i) => (
        <li
          key={hit.id}
          id={`${listId}-${hit.id}`}
          role="option"
          aria-selected={i === active}
          // Chosen on mousedown: the input's blur would close the list before a click lands.
          onMouseDown={(e) => {
            e.preventDefault();
            onChoose(hit);
          }}
          onMouseEnter={() => onActive(i)}
          className={`flex min-h-11 cursor-pointer items-center gap-3 rounded-xl px-2.5 py-1.5 ${i === active ? "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100" : ""}`}
        >
          {hit.coverImageUrl ? (
            // eslint-disable-next-line @next/next/no-img-element -- immutable media URL
            <img src={mediaVariantUrl(hit.coverImageUrl, 160)} alt="" width={28} height={42} className="h-10.5 w-7 shrink-0 rounded object-cover" />
          ) : (
            <span className="h-10.5 w-7 shrink-0 rounded bg-zinc-200 dark:bg-zinc-800" aria-hidden />
          )}
          <span dir="auto" className="min-w-0 truncate text-sm font-semibold">{hit.title}</span>
        </li>
      ))}
    </ul>
  );
}
