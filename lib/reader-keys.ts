/**
 * The reader's key bindings and touch settings (issue 32, item 4), shared by the reader (components/reader) and the
 * account's validation (server/account/reader-settings.ts). Pure: no React, no DOM, no zod (the reader ships this).
 *
 * A reader changes a binding by pressing a key; what they change is kept as overrides of the defaults. Page turns are
 * kept for each reading direction apart (`next.rtl`, `next.ltr`), because the arrows' defaults follow the title's
 * direction: → turns to the next page of a left-to-right title and the previous one of a right-to-left title. Every
 * other action has one binding for all titles. Escape always closes the open panel (it is never rebound).
 */
export const KEY_ACTIONS = ["next", "previous", "nextChapter", "previousChapter", "goToPage", "toggleFullscreen", "resetZoom", "zoomIn", "zoomOut"] as const;
export type KeyAction = (typeof KEY_ACTIONS)[number];

/** A binding's id: the page turns per direction, every other action as it is. */
export const BINDING_IDS = ["next.ltr", "previous.ltr", "next.rtl", "previous.rtl", "nextChapter", "previousChapter", "goToPage", "toggleFullscreen", "resetZoom", "zoomIn", "zoomOut"] as const;
export type BindingId = (typeof BINDING_IDS)[number];

/** The direction a set of bindings is for: right-to-left titles, or the others (left-to-right and vertical). */
export type BindingSide = "ltr" | "rtl";

/** A reader's changes: a binding's keys (normalised, see normaliseKey), the defaults for every binding not given. */
export type KeyOverrides = Partial<Record<BindingId, string[]>>;

/** Limits on what is stored: keys per binding, and a key's name (KeyboardEvent.key values are short). */
export const MAX_KEYS_PER_BINDING = 3;
export const MAX_KEY_NAME = 24;

export const DEFAULT_BINDINGS: Readonly<Record<BindingId, readonly string[]>> = {
  "next.ltr": ["ArrowRight"],
  "previous.ltr": ["ArrowLeft"],
  "next.rtl": ["ArrowLeft"],
  "previous.rtl": ["ArrowRight"],
  nextChapter: ["]"],
  previousChapter: ["["],
  goToPage: ["g"],
  toggleFullscreen: ["f"],
  resetZoom: ["r"],
  zoomIn: ["+", "="],
  zoomOut: ["-", "_"],
};

/** Keys a reader cannot bind: Escape (closes panels), ? (opens the keyboard help), focus and form keys, modifiers, and the protected shortcuts. */
const RESERVED = new Set(["Escape", "?", "Tab", "Enter", "Shift", "Control", "Alt", "Meta", "AltGraph", "CapsLock", "Fn", "F12", "PrintScreen", "ContextMenu", "Dead", "Unidentified", "Process"]);

/** A key as stored and compared: single characters lower-cased ("G" and "g" are one key), names as the browser gives them. */
export function normaliseKey(key: string): string {
  return key.length === 1 ? key.toLowerCase() : key;
}

/** Whether a key can be bound (a key the browser names, not reserved, not too long). */
export function isBindableKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_KEY_NAME && !RESERVED.has(key);
}

export function sideOf(readingDirection: number): BindingSide {
  // lib/enums ReadingDirection: 0 right-to-left.
  return readingDirection === 0 ? "rtl" : "ltr";
}

/** The binding that performs `action` for titles of `side`. */
export function bindingFor(action: KeyAction, side: BindingSide): BindingId {
  return action === "next" || action === "previous" ? `${action}.${side}` : action;
}

/** The keys of every binding: the reader's changes over the defaults. */
export function resolveBindings(overrides: KeyOverrides | undefined): Record<BindingId, readonly string[]> {
  const out = { ...DEFAULT_BINDINGS } as Record<BindingId, readonly string[]>;
  for (const id of BINDING_IDS) {
    const keys = overrides?.[id];
    if (Array.isArray(keys) && keys.length > 0) out[id] = keys;
  }
  return out;
}

/** For one side, the action each key performs (a key map the keyboard hook reads). */
export function keyMapFor(bindings: Record<BindingId, readonly string[]>, side: BindingSide): Map<string, KeyAction> {
  const map = new Map<string, KeyAction>();
  for (const action of KEY_ACTIONS) {
    for (const key of bindings[bindingFor(action, side)]) if (!map.has(key)) map.set(key, action);
  }
  return map;
}

/** The sides a binding applies to: a page turn to its own, every other binding to both. */
function sidesOf(id: BindingId): BindingSide[] {
  return id.endsWith(".ltr") ? ["ltr"] : id.endsWith(".rtl") ? ["rtl"] : ["ltr", "rtl"];
}

function actionOf(id: BindingId): KeyAction {
  return id.split(".")[0] as KeyAction;
}

export type RebindResult = { ok: true; overrides: KeyOverrides } | { ok: false; reason: "reserved" } | { ok: false; reason: "conflict"; action: KeyAction };

/**
 * Binds `key` to `id` (replacing its keys), unless the key is reserved or already does something else for a title
 * of a side the binding applies to (a conflict, refused: the reader changes the other binding first).
 */
export function rebind(overrides: KeyOverrides, id: BindingId, rawKey: string): RebindResult {
  if (!isBindableKey(rawKey)) return { ok: false, reason: "reserved" };
  const key = normaliseKey(rawKey);
  const bindings = resolveBindings(overrides);
  for (const side of sidesOf(id)) {
    for (const action of KEY_ACTIONS) {
      const other = bindingFor(action, side);
      if (other !== id && bindings[other].includes(key)) return { ok: false, reason: "conflict", action: actionOf(other) };
    }
  }
  const next: KeyOverrides = { ...overrides, [id]: [key] };
  // A binding set back to its default is no change.
  if (DEFAULT_BINDINGS[id].length === 1 && DEFAULT_BINDINGS[id][0] === key) delete next[id];
  return { ok: true, overrides: next };
}

/** Keeps only valid overrides (known bindings, bindable keys, at most MAX_KEYS_PER_BINDING each): what storage may hold. */
export function toKeyOverrides(value: unknown): KeyOverrides {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const r = value as Record<string, unknown>;
  const out: KeyOverrides = {};
  for (const id of BINDING_IDS) {
    const keys = r[id];
    if (!Array.isArray(keys) || keys.length === 0 || keys.length > MAX_KEYS_PER_BINDING) continue;
    if (keys.every((k) => typeof k === "string" && isBindableKey(k))) out[id] = keys.map((k: string) => normaliseKey(k));
  }
  return out;
}

/** How far a finger must travel for a swipe to turn a page. */
export const SWIPE_SENSITIVITIES = ["low", "medium", "high"] as const;
export type SwipeSensitivity = (typeof SWIPE_SENSITIVITIES)[number];
export const SWIPE_DISTANCE_PX: Record<SwipeSensitivity, number> = { low: 120, medium: 70, high: 40 };

export interface TouchSettings {
  /** Tapping the page's outer thirds turns pages, the middle opens the settings (default on). */
  tapZones?: boolean;
  /** A horizontal swipe turns pages in the paged views (default on). */
  swipe?: boolean;
  swipeSensitivity?: SwipeSensitivity;
}

export function toTouchSettings(value: unknown): TouchSettings {
  if (!value || typeof value !== "object" || Array.isArray(value)) return {};
  const r = value as Record<string, unknown>;
  const out: TouchSettings = {};
  if (typeof r.tapZones === "boolean") out.tapZones = r.tapZones;
  if (typeof r.swipe === "boolean") out.swipe = r.swipe;
  if (typeof r.swipeSensitivity === "string" && (SWIPE_SENSITIVITIES as readonly string[]).includes(r.swipeSensitivity)) out.swipeSensitivity = r.swipeSensitivity as SwipeSensitivity;
  return out;
}

/** What a tap on the page area does, as a fraction of its width from the left: previous / menu / next, mirrored right to left. */
export function tapZoneAction(fraction: number, side: BindingSide): "next" | "previous" | "menu" {
  const zone = fraction < 0.35 ? "left" : fraction > 0.65 ? "right" : "middle";
  if (zone === "middle") return "menu";
  return (zone === "right") === (side === "ltr") ? "next" : "previous";
}

/**
 * What a finished touch gesture does: a mostly horizontal move of at least the sensitivity's distance turns a page. A
 * swipe to the left brings the next page of a left-to-right title (the page slides in from the right), mirrored right to left.
 */
export function swipeAction(dx: number, dy: number, sensitivity: SwipeSensitivity, side: BindingSide): "next" | "previous" | null {
  if (Math.abs(dx) < SWIPE_DISTANCE_PX[sensitivity] || Math.abs(dx) < 1.5 * Math.abs(dy)) return null;
  return (dx < 0) === (side === "ltr") ? "next" : "previous";
}

const KEY_LABELS: Record<string, string> = { ArrowRight: "→", ArrowLeft: "←", ArrowUp: "↑", ArrowDown: "↓", " ": "Space", "-": "−" };

/** How a key is shown (kbd): arrows as arrows, letters upper-case, names as the browser gives them. */
export function keyLabel(key: string): string {
  return KEY_LABELS[key] ?? (key.length === 1 ? key.toUpperCase() : key);
}

/** The rows of the keyboard help, in order: the binding each changes for titles of `side`. */
export function helpRows(side: BindingSide): Array<{ action: KeyAction; id: BindingId }> {
  const order: KeyAction[] = ["next", "previous", "goToPage", "nextChapter", "previousChapter", "toggleFullscreen", "resetZoom", "zoomIn", "zoomOut"];
  return order.map((action) => ({ action, id: bindingFor(action, side) }));
}
