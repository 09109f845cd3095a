import { and, eq, isNull } from "drizzle-orm";
import type { Locale } from "../../i18n/locales";
import type { Database } from "../db/client";
import { addStaff } from "./accounts";
import { cannedAnswers } from "./inbox-schema";
import { staffAccounts } from "./schema";

/**
 * The demo's staff admin (design §13), made with the demo logins on a first start with an empty
 * database (db/seed.ts) and nowhere else; `npm start` prints it with its TOTP key while it exists.
 */
export const DEMO_STAFF_EMAIL = "admin@example.com";

export async function seedDemoStaff(db: Database, password: string): Promise<void> {
  await addStaff(db, { email: DEMO_STAFF_EMAIL, role: "admin", password, language: "en" });
  await db
    .insert(cannedAnswers)
    .values(
      Object.entries(DEMO_CANNED_ANSWERS).flatMap(([language, answers]) =>
        answers.map(([title, body]) => ({ language: language as Locale, title, body })),
      ),
    );
}

/** issue 28: a few canned answers per language for the demo's inbox (agents add their own). */
const DEMO_CANNED_ANSWERS: Record<Locale, [title: string, body: string][]> = {
  da: [
    ["Hilsen", "Hej! Hvor er det dejligt at høre fra dig 😊"],
    ["Din dag", "Hvordan har din dag været indtil nu?"],
    ["Mere om dig", "Fortæl mig lidt mere om dig selv – hvad laver du helst i weekenden?"],
  ],
  de: [
    ["Begrüßung", "Hallo! Schön, von dir zu hören 😊"],
    ["Dein Tag", "Wie war dein Tag bisher?"],
    [
      "Mehr über dich",
      "Erzähl mir ein bisschen mehr von dir – was machst du am liebsten am Wochenende?",
    ],
  ],
  en: [
    ["Greeting", "Hi! Lovely to hear from you 😊"],
    ["Your day", "How has your day been so far?"],
    [
      "More about you",
      "Tell me a bit more about yourself – what do you like doing at the weekend?",
    ],
  ],
  es: [
    ["Saludo", "¡Hola! Qué alegría saber de ti 😊"],
    ["Tu día", "¿Qué tal te ha ido el día?"],
    [
      "Más sobre ti",
      "Cuéntame un poco más de ti: ¿qué es lo que más te gusta hacer el fin de semana?",
    ],
  ],
  fi: [
    ["Tervehdys", "Hei! Kiva kuulla sinusta 😊"],
    ["Päiväsi", "Millainen päivä sinulla on ollut tähän mennessä?"],
    ["Lisää sinusta", "Kerro vähän lisää itsestäsi – mitä teet mieluiten viikonloppuisin?"],
  ],
  fr: [
    ["Salutation", "Coucou ! Ça me fait plaisir d’avoir de tes nouvelles 😊"],
    ["Ta journée", "Comment s’est passée ta journée jusqu’ici ?"],
    ["En savoir plus", "Parle-moi un peu de toi : qu’est-ce que tu aimes faire le week-end ?"],
  ],
  it: [
    ["Saluto", "Ciao! Che bello sentirti 😊"],
    ["La tua giornata", "Com’è andata la tua giornata finora?"],
    ["Parlami di te", "Raccontami qualcosa in più di te: cosa ti piace fare nel fine settimana?"],
  ],
  nb: [
    ["Hilsen", "Hei! Så hyggelig å høre fra deg 😊"],
    ["Dagen din", "Hvordan har dagen din vært så langt?"],
    ["Mer om deg", "Fortell meg litt mer om deg selv – hva liker du best å gjøre i helgene?"],
  ],
  nl: [
    ["Begroeting", "Hoi! Leuk om van je te horen 😊"],
    ["Je dag", "Hoe is je dag tot nu toe?"],
    ["Meer over jou", "Vertel eens wat meer over jezelf – wat doe je het liefst in het weekend?"],
  ],
  pl: [
    ["Powitanie", "Cześć! Miło Cię słyszeć 😊"],
    ["Twój dzień", "Jak Ci minął dzień do tej pory?"],
    ["Więcej o Tobie", "Opowiedz mi coś więcej o sobie – co najbardziej lubisz robić w weekendy?"],
  ],
  sv: [
    ["Hälsning", "Hej! Vad roligt att höra från dig 😊"],
    ["Din dag", "Hur har din dag varit hittills?"],
    ["Mer om dig", "Berätta lite mer om dig själv – vad gör du helst på helgerna?"],
  ],
};

/** The demo admin's TOTP key, while its account exists and is not disabled. */
export async function demoStaffTotpSecret(db: Database): Promise<string | null> {
  const [account] = await db
    .select({ totpSecret: staffAccounts.totpSecret })
    .from(staffAccounts)
    .where(and(eq(staffAccounts.email, DEMO_STAFF_EMAIL), isNull(staffAccounts.disabledAt)));
  return account?.totpSecret ?? null;
}
