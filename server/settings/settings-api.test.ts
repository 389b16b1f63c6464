import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as landing } from "@/app/api/SiteSettings/GetLandingPageSettings/route";
import { GET as discovery } from "@/app/api/SiteSettings/GetDiscoveryPageSettings/route";
import { manga, siteSettings } from "@/db/schema";
import { Status } from "@/lib/enums";
import { noParams } from "@/server/http/test-helpers";
import { seedFixture, type Fixture } from "@/server/manga/test-fixtures";
import { SETTINGS_KEYS, type DiscoverySettingsValue, type LandingSettingsValue } from "./types";

let fx: Fixture;
beforeAll(async () => {
  fx = await seedFixture();
});

const call = async (handler: typeof landing, query = "", headers: Record<string, string> = {}) => {
  const res = await handler(new Request(`http://localhost/api/SiteSettings/x?${query}`, { headers }), noParams);
  return { status: res.status, body: (await res.json()) as { statusCode: number; data: Record<string, unknown> } };
};

describe("SiteSettings reads", () => {
  it("answer empty settings before anything is saved", async () => {
    expect((await call(landing)).body).toMatchObject({ statusCode: 1, data: { title: "", description: "", cta: "", banner: null, bannerUrl: null, manga: null } });
    expect((await call(discovery)).body).toMatchObject({ statusCode: 1, data: { banner: null, bannerUrl: null, manga: null } });
  });

  it("answer the spec shapes with the banner as base64 and URL, hero texts in the caller's language", async () => {
    const mangaId = fx.ids["Dragon Quest Alpha"]!;
    const value: LandingSettingsValue = {
      title: "Welcome", description: "Read manga", cta: "Browse", bannerImageId: fx.coverUrl.slice("/media/".length), mangaId,
      ar: { title: "أهلاً", description: "اقرأ المانجا", cta: "تصفح" },
    };
    const disc: DiscoverySettingsValue = { bannerImageId: null, mangaId: fx.ids["Blue Ocean"]! };
    await fx.db.insert(siteSettings).values([{ key: SETTINGS_KEYS.landing, value }, { key: SETTINGS_KEYS.discovery, value: disc }]);

    const en = await call(landing);
    expect(en.body.data).toMatchObject({
      title: "Welcome", description: "Read manga", cta: "Browse", bannerUrl: fx.coverUrl,
      manga: { id: mangaId, title: "Dragon Quest Alpha", description: "A young knight hunts dragons.", genres: ["Action", "Adventure"] },
    });
    expect(Buffer.from(String(en.body.data.banner), "base64").equals(fx.coverBytes)).toBe(true);
    const ar = await call(landing, "", { "accept-language": "ar" });
    expect(ar.body.data).toMatchObject({ title: "أهلاً", cta: "تصفح" });
    expect((await call(landing, "imageFormat=url")).body.data).not.toHaveProperty("banner");

    expect((await call(discovery)).body.data).toMatchObject({ banner: null, bannerUrl: null, manga: { id: fx.ids["Blue Ocean"], title: "Blue Ocean", genres: ["Drama"] } });
  });

  it("drop a featured manga that is no longer public", async () => {
    await fx.db.update(manga).set({ status: Status.Rejected }).where(eq(manga.id, fx.ids["Blue Ocean"]!));
    expect((await call(discovery)).body.data).toMatchObject({ manga: null });
  });
});
