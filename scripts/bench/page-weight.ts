/**
 * First-load JavaScript of a page, as a modern browser downloads it: every `<script src>` of the server's HTML for
 * that page except `nomodule` ones (legacy polyfills modern browsers skip), fetched and gzip-compressed (level 9,
 * close to what a CDN serves), summed. Inline scripts (the RSC payload) count with the HTML document itself.
 */
import { gzipSync } from "node:zlib";

export interface PageWeight {
  path: string;
  scripts: number;
  jsGzipBytes: number;
  jsRawBytes: number;
  htmlGzipBytes: number;
  htmlRawBytes: number;
}

export async function pageWeight(baseUrl: string, path: string): Promise<PageWeight> {
  const res = await fetch(new URL(path, baseUrl));
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status}`);
  const html = await res.text();
  const tags = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !/\bnomodule\b/i.test(tag));
  const srcs = [...new Set(tags.map((tag) => /\bsrc="([^"]+)"/.exec(tag)?.[1]?.replace(/&amp;/g, "&")).filter((s): s is string => Boolean(s)))];
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const body = Buffer.from(await (await fetch(new URL(src, baseUrl))).arrayBuffer());
    raw += body.byteLength;
    gz += gzipSync(body, { level: 9 }).byteLength;
  }
  const htmlBytes = Buffer.from(html);
  return { path, scripts: srcs.length, jsGzipBytes: gz, jsRawBytes: raw, htmlGzipBytes: gzipSync(htmlBytes, { level: 9 }).byteLength, htmlRawBytes: htmlBytes.byteLength };
}
