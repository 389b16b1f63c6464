import { tokenPage } from "@/components/auth/token-page";
import { ResetPasswordForm } from "@/components/auth/ResetPasswordForm";

/** /auth/reset-password?token= (spec §2). */
const page = tokenPage("reset", (token) => <ResetPasswordForm token={token} />);
export const generateMetadata = page.generateMetadata;
export default page.Page;
