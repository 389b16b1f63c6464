import createMiddleware from "next-intl/middleware";
import { routing } from "./i18n/routing";

export default createMiddleware(routing);

export const config = {
  // Pages only: not the API, media bytes, Next internals or files with an extension.
  matcher: ["/((?!api|media|_next|_vercel|.*\\..*).*)"],
};
