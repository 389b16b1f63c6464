import type { Genre } from "@/lib/enums";
import type { PublicationStatus } from "@/lib/publication-status";
import type { ArtLanguage } from "./art/page";

/**
 * The demo catalogue: hand-written titles and blurbs in the title's own language.
 * Most are published; a few wait for review or were rejected, so the approval screens have work.
 */

export interface CatalogueEntry {
  title: string;
  language: ArtLanguage;
  description: string;
  /** 1–3 genres; the first one picks the cover colours and emblem. */
  genres: readonly Genre[];
  /** Username of the writer (see accounts.ts). */
  author: string;
  review?: { status: "pending" } | { status: "rejected"; note: string };
  /** Gets a wide banner and may be featured on the landing and discovery pages. */
  featured?: boolean;
  /** Its publication status when it is not ongoing (lib/publication-status.ts): finished, paused or dropped series. */
  publication?: Exclude<PublicationStatus, "ongoing">;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    title: "The Last Blade of Dawn",
    language: "en",
    genres: ["Action", "Fantasy", "Adventure"],
    author: "writer",
    featured: true,
    description:
      "When the sun fails to rise over the kingdom of Arvel, a disgraced swordswoman is the only one who remembers the oath that once kept it burning. With a cracked blade and a talking crow for company, Kaede sets out to relight the dawn before the long night swallows every village on the map.",
  },
  {
    title: "Lunch Break Legends",
    language: "en",
    genres: ["Comedy", "SchoolLife"],
    author: "writer",
    description:
      "Every day at 12:40 the cafeteria of Hoshimi High turns into a battlefield, and first-year Daichi has forty minutes to get the last melon bread. A ridiculous, big-hearted comedy about friendship, rivalry and the politics of the lunch line.",
  },
  {
    title: "Orbit Zero",
    language: "en",
    genres: ["SciFi", "Mecha", "Action"],
    author: "writer",
    featured: true,
    description:
      "Humanity's last colony ship has been drifting for three hundred years, and nineteen-year-old mechanic Ren has just woken the war machine sleeping in its cargo bay. Now the ship's council wants it dismantled, the pirates outside want it stolen, and the machine only listens to Ren.",
  },
  {
    title: "Moonlit Apothecary",
    language: "en",
    genres: ["Fantasy", "SliceOfLife", "Drama"],
    author: "sakura_ink",
    description:
      "Mira runs a tiny potion shop that only opens when the moon is out. Her customers are ghosts with unfinished business, foxes in human clothes and one very polite dragon. A gentle story about grief, small kindnesses and the medicine people really need.",
  },
  {
    title: "Ironclad Heart",
    language: "en",
    genres: ["Mecha", "Drama", "Action"],
    author: "writer",
    description:
      "Ten years after the machine war, a retired pilot is called back to train the children who will fly the last surviving unit. He promised himself he would never sit in a cockpit again. They are about to find out why.",
  },
  {
    title: "Fastbreak Summer",
    language: "en",
    genres: ["Sports", "Comedy", "Drama"],
    author: "sakura_ink",
    description:
      "The Kitano girls' basketball team has five players, one ball and a coach who has never watched a game. To save their club they have to win a single match before the summer holidays. Sweat, sneakers and far too many pep talks.",
  },
  {
    title: "The Hollow Lantern",
    language: "en",
    genres: ["Horror", "Mystery", "Supernatural"],
    author: "writer",
    description:
      "In the mountain village of Sugiyama, a lantern is lit for every child who goes missing. This year there are already seven. A young folklorist arrives to write a paper about the custom and finds her own name painted on the eighth.",
  },
  {
    title: "Inkstone Detective",
    language: "en",
    genres: ["Mystery", "Historical", "Comedy"],
    author: "writer",
    description:
      "Edo, 1789. A lazy calligrapher with a perfect memory for brushstrokes is dragged into solving forgeries, poisonings and one very suspicious love letter. He would rather be napping. The city's magistrate would rather he stopped being right.",
  },
  {
    title: "Scarlet Dojo",
    language: "en",
    genres: ["MartialArts", "Action", "Comedy"],
    author: "writer",
    description:
      "The Scarlet Dojo has one student left, a leaking roof and a debt collector who visits every Tuesday. Its eighty-year-old master insists the school will win the national tournament. Its only student insists she is just here for the free rice.",
  },
  {
    title: "Paper Cranes in Winter",
    language: "en",
    genres: ["Drama", "Tragedy", "SliceOfLife"],
    author: "sakura_ink",
    publication: "completed",
    description:
      "Haru folds one paper crane for every day his sister stays in the hospital. The winter is long, the ward is quiet, and the cranes begin to fill the room. A tender, bittersweet story about siblings, hope and letting go.",
  },
  {
    title: "Skyward Caravan",
    language: "en",
    genres: ["Adventure", "Fantasy", "Comedy"],
    author: "writer",
    featured: true,
    description:
      "A flying caravan of misfit merchants crosses the floating islands selling things nobody asked for. When their newest passenger turns out to be a runaway princess with a price on her head, business gets a lot more exciting.",
  },
  {
    title: "Glass Mind",
    language: "en",
    genres: ["Psychological", "Mystery", "Drama"],
    author: "writer",
    publication: "hiatus",
    description:
      "A therapist discovers that one of her patients can describe, in perfect detail, dreams she has never told anyone about. Every session brings them closer to a memory both of them have tried very hard to forget.",
  },
  {
    title: "Beneath the Ninth Bell",
    language: "en",
    genres: ["Supernatural", "Action", "Drama"],
    author: "writer",
    description:
      "Temple bells ring eight times at midnight to keep the demons sealed. Tonight, a ninth bell rang. Apprentice monk Sora has until the new moon to find out who rang it and why it sounded exactly like his missing brother's voice.",
  },
  {
    title: "Ramen at Midnight",
    language: "en",
    genres: ["SliceOfLife", "Comedy"],
    author: "sakura_ink",
    publication: "completed",
    description:
      "A tiny ramen stall under the train tracks opens at midnight and closes at dawn. Taxi drivers, nurses, musicians and the occasional runaway all end up at its counter. One bowl, one story, every chapter.",
  },
  {
    title: "Cinder Route",
    language: "en",
    genres: ["Adventure", "Action", "SciFi"],
    author: "writer",
    description:
      "The ash wastes between the last two cities are crossed by one armoured train, and Mae is its youngest engineer. When raiders take the front car, she has to keep the engine running and the passengers alive across six hundred kilometres of burning road.",
  },
  {
    title: "The Quiet Shogun",
    language: "en",
    genres: ["Historical", "Drama", "MartialArts"],
    author: "writer",
    publication: "completed",
    description:
      "He became shogun at nine and has not spoken a word in public since. The court believes him a puppet. His enemies believe him weak. Only his sword teacher knows that the boy has been listening to everything.",
  },
  {
    title: "Homeroom Heroes",
    language: "en",
    genres: ["SchoolLife", "Comedy", "Action"],
    author: "sakura_ink",
    description:
      "Class 2-C has been chosen, by lottery, to defend the city from monsters after school. They have no powers, no training and a science teacher who keeps building the wrong gadgets. They do have a very strong sense of class spirit.",
  },
  {
    title: "Tidebreakers",
    language: "en",
    genres: ["Adventure", "Action"],
    author: "writer",
    review: { status: "pending" },
    description:
      "A crew of teenage salvage divers finds a sunken city that appears on no map, and a door at its centre that opens from the inside. Their captain wants the treasure. Their youngest diver wants to know who is knocking.",
  },
  {
    title: "Starfall Academy",
    language: "en",
    genres: ["Fantasy", "SchoolLife", "Adventure"],
    author: "writer",
    description:
      "Every student at Starfall Academy arrives holding a fallen star that decides their magic. Lio's star is cold, dark and completely silent. The headmaster says it is broken. The star, apparently, disagrees.",
  },
  {
    title: "Static Bloom",
    language: "en",
    genres: ["SciFi", "Psychological", "Drama"],
    author: "sakura_ink",
    review: {
      status: "rejected",
      note: "The first chapter's pages are out of order and two pages are missing. Please re-upload the chapter with all pages in reading order and resubmit.",
    },
    description:
      "In a city where emotions are broadcast as radio signals, a girl who cannot feel anything starts receiving a song nobody else can hear.",
  },
  {
    title: "Second Serve",
    language: "en",
    genres: ["Sports", "Drama", "Comedy"],
    author: "writer",
    description:
      "A former tennis prodigy who quit after one terrible final now coaches a middle-school club with four rackets and a cracked court. Her students are awful. They are also the first people in years who make her want to play again.",
  },
  {
    title: "Lanterns of the Lost Harbor",
    language: "en",
    genres: ["Adventure", "Mystery"],
    author: "writer",
    description:
      "Ships that enter the fog at Lost Harbor come back with crews who remember a different year. A young cartographer signs on with a smuggler to map the fog, and finds her grandfather's handwriting on the first chart they recover.",
  },
  {
    title: "Grave Shift",
    language: "en",
    genres: ["Horror", "Comedy"],
    author: "sakura_ink",
    review: { status: "pending" },
    description:
      "Working nights at a 24-hour convenience store is hard enough without the undead customers. Yuto just wants his paycheck. The zombies just want their coupons honoured.",
  },
  {
    title: "Knuckle Saint",
    language: "en",
    genres: ["MartialArts", "Action", "Adventure"],
    author: "writer",
    review: {
      status: "rejected",
      note: "The cover image is blurry at full size and the description is too short. Please upload a sharper cover (at least 600 px wide) and expand the description, then resubmit.",
    },
    description: "A wandering monk punches his way across the continent.",
  },
  {
    title: "The Clockmaker's Promise",
    language: "en",
    genres: ["Drama", "Fantasy", "Tragedy"],
    author: "sakura_ink",
    description:
      "An old clockmaker builds a mechanical girl to keep his shop running after he is gone. She has one year to learn how to repair clocks, how to bargain with customers, and how to say goodbye to the only person she has ever known.",
  },
  {
    title: "Rust and Thunder",
    language: "en",
    genres: ["Mecha", "Action", "Adventure"],
    author: "writer",
    publication: "cancelled",
    description:
      "Two scrap hunters rebuild a war robot from junkyard parts and enter it in the desert's most dangerous race. The prize is a ticket off the planet. The other racers are willing to do anything to win it.",
  },
  {
    title: "سيف الصحراء الأخير",
    language: "ar",
    genres: ["Adventure", "Historical", "Action"],
    author: "qalam_studio",
    featured: true,
    description:
      "في قلب الربع الخالي، تحمل فتاة بدوية سيفًا ورثته عن جدّها، ويقال إنه آخر ما تبقّى من مملكة دفنتها الرمال. تطاردها قوافل اللصوص وجنود الوالي، وعليها أن تصل إلى واحة الأسرار قبل أن يكتمل القمر.",
  },
  {
    title: "ظلال المدينة المنسية",
    language: "ar",
    genres: ["Horror", "Mystery"],
    author: "qalam_studio",
    description:
      "يعود صحفي شاب إلى حيّه القديم في القاهرة بعد عشرين عامًا، ليكتشف أن سكانه لا يتذكرون اختفاء أخيه. وكلما اقترب من الحقيقة، ازدادت الظلال في الأزقة طولًا وجرأة.",
  },
  {
    title: "مقهى النجوم",
    language: "ar",
    genres: ["Comedy", "SliceOfLife", "Drama"],
    author: "writer",
    description:
      "مقهى صغير على سطح عمارة في بيروت لا يفتح إلا بعد منتصف الليل. روّاده طلاب متعبون وسائقو أجرة وشاعر لا ينهي قصيدة واحدة. في كل فصل فنجان قهوة وحكاية جديدة.",
  },
  {
    title: "فرسان الرمال",
    language: "ar",
    genres: ["Action", "Adventure", "MartialArts"],
    author: "qalam_studio",
    description:
      "خمسة فرسان من قبائل متناحرة يجمعهم عهد واحد: حماية طريق القوافل من جيش الظلال. لكن الخيانة تسكن بينهم، وأحدهم يحمل رسالة لم يقرأها أحد بعد.",
  },
  {
    title: "رسائل لم تُرسل",
    language: "ar",
    genres: ["Drama", "Tragedy"],
    author: "qalam_studio",
    publication: "completed",
    description:
      "تجد سلمى في درج والدتها الراحلة مئة رسالة مكتوبة بخط اليد، كلها موجهة إلى رجل لا تعرفه. تقرر أن توصلها بنفسها، رسالة بعد رسالة، مدينة بعد مدينة.",
  },
  {
    title: "أكاديمية البرق",
    language: "ar",
    genres: ["SchoolLife", "Supernatural", "Action"],
    author: "writer",
    publication: "hiatus",
    description:
      "في أكاديمية سرية فوق جبال الأطلس، يتدرّب طلاب يولدون ومعهم شرارة من البرق. آدم لا يملك أي شرارة، لكن البرق يضرب حيثما يقف، ولا أحد يعرف السبب.",
  },
  {
    title: "حارس المنارة",
    language: "ar",
    genres: ["Mystery", "Drama", "Supernatural"],
    author: "qalam_studio",
    description:
      "يقبل يوسف وظيفة حارس منارة مهجورة على ساحل الإسكندرية ليهرب من ديونه. في ليلته الأولى يرى ضوءًا يجيب ضوء المنارة من عرض البحر، حيث لا توجد أي سفينة.",
  },
  {
    title: "الكرة الذهبية",
    language: "ar",
    genres: ["Sports", "Comedy", "Drama"],
    author: "writer",
    description:
      "فريق كرة قدم من حارة شعبية يقرر المشاركة في بطولة المدارس الوطنية بلا ملعب ولا مدرب ولا حذاء رياضي واحد سليم. لكن لديهم حارس مرمى لم تدخل شباكه كرة منذ ثلاث سنوات.",
  },
  {
    title: "مدار الحديد",
    language: "ar",
    genres: ["Mecha", "SciFi", "Adventure"],
    author: "writer",
    featured: true,
    description:
      "عام ٢٢٠٠، تدور مدن عربية عملاقة حول الأرض بعد أن غمرتها الرمال. ليلى مهندسة شابة تكتشف في مخزن قديم روبوتًا حربيًا يتحدث بلهجة جدتها، ويعرف أسرارًا كان يجب أن تبقى مدفونة.",
  },
  {
    title: "جارتي الغريبة",
    language: "ar",
    genres: ["Comedy", "SchoolLife", "Supernatural"],
    author: "writer",
    description:
      "انتقلت إلى الشقة المجاورة فتاة تقول إنها جنّية، وتطلب من عمر مساعدتها في واجبات المدرسة مقابل ثلاث أمنيات. المشكلة أنها سيئة جدًا في تحقيق الأمنيات.",
  },
  {
    title: "قلب الذئب",
    language: "ar",
    genres: ["Fantasy", "Adventure", "Action"],
    author: "qalam_studio",
    description:
      "في غابات الشمال الباردة، يربّي صياد عجوز ذئبًا أبيض وجده جريحًا. حين يكبر الذئب يتحوّل في ليالي البدر إلى فتى لا يتذكر شيئًا، سوى اسم ملك مات قبل مئة عام.",
  },
  {
    title: "متاهة العقل",
    language: "ar",
    genres: ["Psychological", "Mystery"],
    author: "qalam_studio",
    description:
      "يستيقظ طبيب نفسي في غرفة بلا أبواب، وعلى جدرانها أسماء مرضاه جميعًا. عليه أن يتذكر ما حدث في الجلسة الأخيرة قبل أن تختفي الأسماء واحدًا تلو الآخر.",
  },
  {
    title: "أسطورة البحّار",
    language: "ar",
    genres: ["Adventure", "Historical", "Comedy"],
    author: "writer",
    description:
      "بحّار مغرور يزعم أنه أبحر مع السندباد، ويجد نفسه مضطرًا لإثبات ذلك حين يطلب منه السلطان خريطة جزيرة الياقوت. رحلة مليئة بالعواصف والأكاذيب الصغيرة والمغامرات الكبيرة.",
  },
  {
    title: "مطبخ الجدة",
    language: "ar",
    genres: ["SliceOfLife", "Comedy", "Drama"],
    author: "writer",
    publication: "completed",
    description:
      "بعد أن تترك وظيفتها في المدينة، تعود نور إلى قريتها لتدير مطعم جدتها الصغير. كل وصفة في دفتر الجدة تحمل قصة، وكل زبون يحمل ذكرى لم تُحكَ بعد.",
  },
  {
    title: "نجمة في الظلام",
    language: "ar",
    genres: ["Drama", "SciFi"],
    author: "qalam_studio",
    review: {
      status: "rejected",
      note: "بعض الصفحات تحتوي على نص غير مقروء ودقة الصور منخفضة. يرجى رفع صفحات أوضح ثم إعادة الإرسال للمراجعة.",
    },
    description: "فتاة تعيش وحدها في محطة فضائية مهجورة وتنتظر رسالة من الأرض.",
  },
  {
    title: "قبضة التنين",
    language: "ar",
    genres: ["MartialArts", "Action", "Comedy"],
    author: "writer",
    description:
      "طباخ في مطعم صيني صغير بدمشق يخفي أنه كان بطل الفنون القتالية الأول في آسيا. حين يهدد رجال العصابات المطعم، عليه أن يقاتل من دون أن يحرق طبق اليوم.",
  },
  {
    title: "لعنة القصر القديم",
    language: "ar",
    genres: ["Horror", "Historical", "Tragedy"],
    author: "qalam_studio",
    description:
      "ترث عائلة فقيرة قصرًا عثمانيًا مهجورًا على ضفاف البوسفور. في كل ليلة تُفتح غرفة جديدة من تلقاء نفسها، وفي كل غرفة صورة لأحد أفراد العائلة، مرسومة قبل ولادته بمئتي عام.",
  },
  {
    title: "رحلة إلى القمر الأزرق",
    language: "ar",
    genres: ["Adventure", "Fantasy", "Comedy"],
    author: "writer",
    description:
      "ثلاثة أصدقاء يبنون منطادًا من أقمشة السوق القديم ليصلوا إلى القمر الأزرق الذي لا يظهر إلا مرة كل عشر سنوات. ما لم يتوقعوه أن على القمر سوقًا أكبر وأغرب من سوقهم.",
  },
  {
    title: "آخر أيام الصيف",
    language: "ar",
    genres: ["Drama", "SchoolLife", "SliceOfLife"],
    author: "writer",
    description:
      "أربعة أصدقاء يقضون صيفهم الأخير قبل الجامعة في بلدة ساحلية صغيرة. وعود، وخلافات، وحب لم يُعترف به، وسؤال واحد لا يجرؤ أحد على طرحه: هل سنبقى أصدقاء؟",
  },
  {
    title: "صيّاد الأرواح",
    language: "ar",
    genres: ["Supernatural", "Action", "Horror"],
    author: "qalam_studio",
    review: { status: "pending" },
    description:
      "شاب يرى أرواح الموتى العالقة في المدينة، ويعمل سرًّا على إرشادها إلى الراحة. لكن روحًا جديدة ترفض الرحيل، وتدّعي أنها تعرف كيف مات والده.",
  },
  {
    title: "المحقق الصغير",
    language: "ar",
    genres: ["Mystery", "Comedy", "SchoolLife"],
    author: "writer",
    description:
      "تلميذة في الصف السادس تفتح مكتب تحقيقات في مكتبة المدرسة. قضاياها: سرقة الطباشير، واختفاء قطة المدير، ولغز الرسائل المجهولة التي تصل إلى كل المعلمين يوم الخميس.",
  },
  {
    title: "حكايات ألف ليلة الجديدة",
    language: "ar",
    genres: ["Fantasy", "Historical", "Adventure"],
    author: "qalam_studio",
    review: { status: "pending" },
    description:
      "حفيدة شهرزاد تكتشف أن جدتها لم تروِ كل الحكايات، وأن الليلة الأولى بعد الألف ما زالت تنتظر من يرويها. لكن كل حكاية ترويها تصبح حقيقة في شوارع بغداد.",
  },
];
