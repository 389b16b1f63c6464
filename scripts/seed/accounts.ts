import { Role } from "@/lib/enums";
import type { ArtLanguage } from "./art/page";

/**
 * Demo accounts. Their passwords are public on purpose (printed at start-up): the demo seed only
 * runs on an empty embedded database or when asked for (npm run db:seed), never on its own against
 * a real DATABASE_URL. Every password meets the registration and reset rules (8+ characters, upper
 * and lower case, a digit and a symbol).
 */

export interface DemoAccount {
  username: string;
  email: string;
  fullName: string;
  /** Name used on Arabic covers. */
  arabicName: string;
  role: Role;
  password: string;
  locale: ArtLanguage;
  dateOfBirth: string;
}

const PASSWORDS: Record<Role, string> = {
  [Role.root]: "Root#Demo2025",
  [Role.admin]: "Admin#Demo2025",
  [Role.staff]: "Staff#Demo2025",
  [Role.writer]: "Writer#Demo2025",
  [Role.reader]: "Reader#Demo2025",
};

function account(username: string, fullName: string, arabicName: string, role: Role, locale: ArtLanguage, dateOfBirth: string): DemoAccount {
  return { username, email: `${username.replace(/_/g, ".")}@example.com`, fullName, arabicName, role, password: PASSWORDS[role], locale, dateOfBirth };
}

export const ACCOUNTS: readonly DemoAccount[] = [
  account("root", "Site Owner", "مالك الموقع", Role.root, "en", "1985-04-12"),
  account("admin", "Amira Haddad", "أميرة حداد", Role.admin, "ar", "1988-09-30"),
  account("staff", "Tom Becker", "توم بيكر", Role.staff, "en", "1992-01-17"),
  account("writer", "Kenji Mori", "كنجي موري", Role.writer, "en", "1990-06-05"),
  account("sakura_ink", "Sakura Ito", "ساكورا إيتو", Role.writer, "en", "1996-03-21"),
  account("qalam_studio", "Layla Haddad", "ليلى حداد", Role.writer, "ar", "1993-11-08"),
  account("reader", "Alex Morgan", "أليكس مورغان", Role.reader, "en", "2000-02-14"),
  account("reem_reads", "Reem Al-Ali", "ريم العلي", Role.reader, "ar", "2001-07-19"),
  account("omar_k", "Omar Khaled", "عمر خالد", Role.reader, "ar", "1998-12-02"),
  account("mina_park", "Mina Park", "مينا بارك", Role.reader, "en", "2003-05-27"),
  account("yusuf_m", "Yusuf Mansour", "يوسف منصور", Role.reader, "ar", "1999-10-11"),
  account("hana_novak", "Hana Novak", "هانا نوفاك", Role.reader, "en", "2002-08-03"),
];
