import { staticPageRoute } from "@/components/static/static-route";

/** Terms of service: static, prerendered for both languages. */
const route = staticPageRoute("terms", "/terms-of-service");

export const generateStaticParams = route.generateStaticParams;
export const generateMetadata = route.generateMetadata;
export default route.Page;
