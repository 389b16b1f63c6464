/** Whether the site is served over HTTPS (SITE_URL): HSTS, the CSP's upgrade, Secure cookies (issue 19, item 7). */
export function isHttpsSite(siteUrl: string): boolean {
  return siteUrl.toLowerCase().startsWith("https://");
}
