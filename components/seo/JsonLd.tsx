import { jsonLdText, type JsonLdObject } from "@/lib/seo";
import { requestNonce } from "@/server/http/request-nonce";

/**
 * Structured data as `<script type="application/ld+json">` (a data block the browser never runs), carrying the
 * request's CSP nonce like every inline script of ours; its text escapes `<` (lib/seo.ts jsonLdText).
 */
export async function JsonLd({ data }: { data: JsonLdObject | readonly JsonLdObject[] }) {
  const nonce = await requestNonce();
  return <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
