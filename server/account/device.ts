/**
 * A short description of the browser behind a sign-in ("Chrome on Linux") from its User-Agent, for the sessions list
 * (issue 16). Names of browsers and systems are the same in both languages; the page words the pair itself. A handful
 * of patterns, checked in order (Edge and Opera say "Chrome" too, Chrome says "Safari"): no library for a label.
 */
export interface DeviceInfo {
  browser: string | null;
  os: string | null;
}

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\bCriOS\/|Chrome\/|\bChromium\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bnode\b|\bundici\b/i, "Node.js"],
  [/\bcurl\//, "curl"],
];

const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\biPhone\b|\biPad\b|\biPod\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

/** The longest User-Agent kept on a refresh token row. */
export const USER_AGENT_MAX = 300;

/** The header as stored: trimmed, control characters dropped, at most 300 characters; null when absent. */
export function storedUserAgent(value: string | null | undefined): string | null {
  const clean = (value ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return clean ? clean.slice(0, USER_AGENT_MAX) : null;
}

export function deviceOf(userAgent: string | null | undefined): DeviceInfo {
  const ua = userAgent ?? "";
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1] ?? null;
  return { browser, os };
}

/** "Chrome on Linux", "Firefox", "Unknown device" (English; the page has its own wording). */
export function deviceLabel(info: DeviceInfo): string {
  if (info.browser && info.os) return `${info.browser} on ${info.os}`;
  return info.browser ?? info.os ?? "Unknown device";
}
