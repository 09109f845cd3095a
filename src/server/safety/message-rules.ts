import { SAFETY_RULE_IDS, type SafetyRuleId } from "../../contract/staff-options";
import { findIban, isBase58CheckAddress, isBech32Address } from "./checksums";
import { type MessageReadings, readMessage } from "./normalize";

/*
 * Message safety (issue 27): the patterns of romance scams and moves off the platform, every rule
 * in this one file. A hit never stops a message; the caller queues it for a moderator with the
 * rule named, and the recipient sees `chat.safety.notice` beside it. Word rules are written in
 * the `words` reading (lower case, no accents: "lan mig" is "lån mig", "malpa" is "małpa"), one
 * list per language, as people write in chat. Every pattern is linear: bounded repeats only, no
 * quantified group that can match the same text two ways.
 */

/** The rules' ids: the contract's list, so the console and the API name them alike. */
export const safetyRuleIds = SAFETY_RULE_IDS;
export type { SafetyRuleId };

export interface MessageRule {
  id: SafetyRuleId;
  /** For moderators, in English; the console's label is `staff.safety.rule.<id>`. */
  description: string;
  reading: keyof MessageReadings;
  patterns: readonly RegExp[];
  /** The part of a match to report, or null when it is not what the rule looks for. */
  verify?: (match: string, reading: string, index: number) => string | null;
  /** Blanks its hits for the rules after it, so an e-mail address is not also a link. */
  claims?: boolean;
}

export interface SafetyHit {
  rule: SafetyRuleId;
  /** The matched text as normalised (lower case, no accents), at most 80 characters. */
  excerpt: string;
}

/** Joins alternatives into one global regex bounded by word edges. */
function anyOf(alternatives: readonly string[], flags = "g"): RegExp {
  return new RegExp(`\\b(?:${alternatives.join("|")})\\b`, flags);
}

/** A name that may be spelled out with up to two separators between letters: "w h a t s a p p". */
function spacedOut(name: string): string {
  return [...name].map((c) => (c === "i" || c === "l" ? "[il]" : c)).join("[\\W_]{0,2}");
}

// Link ---------------------------------------------------------------------------------------
// Top-level domains that are not words in our languages may stand alone ("bit.ly", "site.com");
// ones that are ("de", "no", "se", "co", "me", "nu") need a path, so "Gracias.De nada" is no link.
const BARE_TLDS =
  "com|net|org|info|biz|io|ly|gl|app|dev|xyz|online|site|top|club|shop|store|live|link|page|cc|tk|ml|ga|cf|gq|ru|ua|cn|eu|nl|dk|pl|uk|ch|cz|sk|pt|ro|hu|gr|lt|lv|ie|fr|fi|ws|tv|gg|vip|fun|icu|buzz|cam|date|dating|love|chat";
const PATH_TLDS = "de|se|no|it|es|at|be|to|in|us|me|so|nu|co";
const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOT_WORDS = "dot|punkt|punktum|punto|point|punt|piste|kropka|prik";

const link: MessageRule = {
  id: "link",
  description: "A web address: http(s) links, bare domains like example.com, or 'example dot com'.",
  reading: "text",
  claims: true,
  patterns: [
    /\b(?:https?|hxxps?|ftp):\/\/[^\s<>"]{1,200}/g,
    /\bwww\d{0,3}\.[^\s<>"]{2,200}/g,
    new RegExp(`(?<![a-z0-9.-])(?:${LABEL}\\.){1,4}(?:${BARE_TLDS})\\b(?:/[^\\s<>"]{0,200})?`, "g"),
    new RegExp(`(?<![a-z0-9.-])(?:${LABEL}\\.){1,4}(?:${PATH_TLDS})/[^\\s<>"]{0,200}`, "g"),
    /\b(?:t\.me|wa\.me|t\.co)\b(?:\/[^\s<>"]{0,200})?/g,
    new RegExp(
      `(?<![a-z0-9-])[a-z0-9-]{2,63} {0,3}[([{]? {0,2}(?:${DOT_WORDS}|\\.) {0,2}[)\\]}]? {0,3}(?:com|net|org|info|io|ly)\\b`,
      "g",
    ),
    /(?<![a-z0-9-])[a-z0-9-]{2,63} {0,3}[([{] {0,2}\. {0,2}[)\]}] {0,3}[a-z]{2,6}\b/g,
  ],
};

// E-mail -------------------------------------------------------------------------------------
// "@" as people spell it: at/ät (en, de, fi, sv), chez/arobase (fr), arroba (es), chiocciola
// (it), apenstaartje (nl), snabel-a (da, sv), krøllalfa (nb), małpa (pl), klammeraffe (de).
const AT_WORDS =
  "at|chez|arobase|arroba|chiocciola|apenstaartje|snabel[- ]?a|krollalfa|alfakroll|malpa|klammeraffe|at[- ]merkki|miukumauku";
const AT = `[([{<]? {0,2}(?:${AT_WORDS}|@) {0,2}[)\\]}>]?`;
const MAIL_PROVIDERS =
  "gmail|googlemail|hotmail|outlook|yahoo|icloud|gmx|t-online|protonmail|proton|aol|yandex|libero|wanadoo|laposte|interia|onet|telenet|ziggo|seznam|msn";
// Starts only where no address character precedes, so a run like "a-a-a-…" is tried once.
const LOCAL = "(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._-]{1,63}";

const email: MessageRule = {
  id: "email",
  description:
    "An e-mail address, also written out: 'anna at gmail dot com', 'anna ät web punkt de'.",
  reading: "text",
  claims: true,
  patterns: [
    /(?<![a-z0-9._%+-])[a-z0-9][a-z0-9._%+-]{0,63} {0,2}@ {0,2}[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,4}\.[a-z]{2,12}\b/g,
    new RegExp(
      `${LOCAL} {0,3}${AT} {0,3}[a-z0-9-]{2,63}(?:\\.| {0,3}[([{]? {0,2}(?:${DOT_WORDS}) {0,2}[)\\]}]? {0,3})(?:com|net|org|info|eu)\\b`,
      "g",
    ),
    new RegExp(
      `${LOCAL} {0,3}${AT} {0,3}[a-z0-9-]{2,63}(?:\\.| {1,3}(?:dot|punkt|punktum|kropka|piste) {1,3})(?:de|nl|dk|se|no|fi|pl|ch|at|uk|fr|it|es|be)\\b`,
      "g",
    ),
    new RegExp(`${LOCAL} {0,3}${AT} {0,3}(?:${MAIL_PROVIDERS})\\b`, "g"),
  ],
};

// Phone --------------------------------------------------------------------------------------
const CURRENCY = /[€$£¥]|\b(?:eur|euros?|usd|dollars?|kr|sek|nok|dkk|pln|zl|zloty|chf|gbp)\b/;
const DATE = String.raw`(?:\d{1,2}[./-]\d{1,2}[./-](?:\d{4}|\d{2})|\d{4}-\d{2}-\d{2})`;
const NOT_PHONE = [
  new RegExp(`^${DATE}(?: ?[-/] ?${DATE})?$`), // dates and date ranges
  /^(?:(?:19|20)\d\d\D{1,3})+(?:19|20)\d\d$/, // years: "2019-2023"
  /^\d{1,3}(?:\.\d{3}){2,}$/, // amounts: "10.000.000"
  /^\d{1,2}(?: \d{3}){2,}$/, // amounts: "10 000 000"
];

/** Keeps a run of digits that is long enough for a phone number and is no date, year or price. */
function verifyPhone(match: string, reading: string, index: number): string | null {
  const digits = match.replace(/\D/g, "");
  const international = match.startsWith("+") || digits.startsWith("00");
  const count = digits.length - (digits.startsWith("00") ? 2 : 0);
  if (international ? count < 8 || count > 15 : count < 8 || count > 13) return null;
  if (NOT_PHONE.some((shape) => shape.test(match))) return null;
  const around = reading.slice(Math.max(0, index - 6), index + match.length + 6);
  return CURRENCY.test(around) ? null : match;
}

const phone: MessageRule = {
  id: "phone",
  description: "A phone number, international or national, with spaces, dots or dashes.",
  reading: "text",
  patterns: [/(?<![\w+/.,-])\+?\(?\d[\d \t()./-]{5,24}\d(?!\d)/g],
  verify: verifyPhone,
};

// IBAN and crypto ----------------------------------------------------------------------------
const iban: MessageRule = {
  id: "iban",
  description: "A bank account number (IBAN) with valid check digits.",
  reading: "text",
  claims: true,
  patterns: [/\b[a-z]{2}\d{2}(?:[ -]?[a-z0-9]){11,30}/g],
  verify: findIban,
};

const crypto: MessageRule = {
  id: "crypto",
  description: "A cryptocurrency address: Bitcoin (1…, 3…, bc1…), Ethereum (0x…), TRON/USDT (T…).",
  reading: "raw",
  patterns: [
    /(?<![A-Za-z0-9])[13T][1-9A-HJ-NP-Za-km-z]{25,34}(?![A-Za-z0-9])/g,
    /(?<![A-Za-z0-9])bc1[02-9ac-hj-np-z]{11,71}(?![A-Za-z0-9])/gi,
    /(?<![A-Za-z0-9])0x[0-9a-f]{40}(?![A-Za-z0-9])/gi,
  ],
  verify: (match) => {
    if (/^0x/i.test(match)) return match;
    if (/^bc1/i.test(match)) return isBech32Address(match.toLowerCase()) ? match : null;
    // Bitcoin P2PKH (version 0) and P2SH (5); TRON (0x41) always starts with T.
    return isBase58CheckAddress(match, match.startsWith("T") ? [0x41] : [0, 5]) ? match : null;
  },
};

// Money requests -----------------------------------------------------------------------------
const MONEY = {
  any: "western ?union|money ?gram|pay ?pal|worldremit|remitly",
  en: "(?:send|wire|transfer) (?:me )?(?:some |the |a little )?(?:money|cash|funds)|lend me|loan me|borrow (?:some )?money|(?:a|small|quick|little) loan|need (?:some |the )?(?:money|cash)|(?:hospital|medical) bills?|customs (?:fees?|charges|duty)|(?:plane|flight|airline) tickets?|pay for my (?:ticket|flight|visa|hospital|surgery)|financial (?:help|support|assistance)|help me (?:out )?financially|bank transfer",
  de: "(?:schick|schicke|sende|send|leih|leihe|borg) (?:mir )?(?:bitte )?(?:etwas |ein bisschen |das |ein wenig )?geld|geld (?:schicken|senden|ue?berweisen|leihen|borgen)|ue?berweis(?:e|en|ung|t)|leih(?:e|st)? mir|borg(?:e|st)? mir|kredit|darlehen|brauche (?:dringend |etwas )?geld|(?:krankenhaus|arzt|klinik)rechnung(?:en)?|zollgebue?hr(?:en)?|flugticket(?:s)?|finanzielle hilfe",
  es: "(?:enviame|mandame|transfiereme|ingresame|prestame|enviar|mandar|transferir|prestar) (?:un poco de |algo de |el |mas )?(?:dinero|plata|pasta)|transferencia|prestamo|prestame|necesito (?:\\w+ )?dinero|facturas? del hospital|gastos (?:medicos|del hospital)|(?:tasas?|impuestos?|gastos) de aduana|(?:billete|pasaje) de avion|bizum|ayuda (?:economica|financiera)",
  fr: "(?:envoie|envoies|envoyer|envoyez|prete|preter|vire|virer)(?:[- ]moi)? (?:de l'|de l’|des |un peu d'|un peu d’|de |l'|l’)?(?:argent|sous|fric|thunes?)|virement|mandat cash|prete[- ]moi|besoin d(?:'|’|e l'|e l’)argent|factures? d(?:'|’)hopital|frais (?:d(?:'|’)hopital|medicaux|de douane)|billets? d(?:'|’)avion|aide financiere",
  it: "(?:mandami|inviami|prestami|mandarmi|inviarmi|mandare|inviare|prestare) (?:dei |i |un po' di |qualche )?(?:soldi|denaro|contanti)|bonifico|prestami|prestito|ho bisogno di (?:\\w+ )?(?:soldi|denaro)|spese (?:mediche|ospedaliere|doganali)|(?:conto|fattura) dell(?:'|’)ospedale|dogana|biglietto aereo|postepay|aiuto (?:economico|finanziario)",
  nl: "(?:stuur|stuurt|sturen|leen|lenen) (?:me |mij )?(?:wat |het |even )?geld|geld (?:overmaken|sturen|lenen|storten)|overmaken|overschrijving|leen (?:me|mij)|lening|tikkie|ziekenhuisrekening(?:en)?|douanekosten|vliegticket(?:s)?|financiele hulp|heb (?:dringend |snel )?geld nodig",
  da: "sende? (?:mig )?(?:nogle |lidt |de )?penge|overfor(?:e)? (?:mig )?(?:nogle |lidt )?penge|overforsel|lan mig|lane (?:mig )?(?:nogle |lidt )?penge|et lan|mangler penge|brug for penge|hospitalsregning(?:en|er)?|told(?:afgift|gebyr)|flybillet(?:ten|ter)?|mobilepay",
  nb: "sende? (?:meg )?(?:noen |litt )?penger|overfor(?:e)? (?:meg )?(?:noen |litt )?penger|overforing|lan meg|lane (?:meg )?(?:noen |litt )?penger|et lan|trenger penger|sykehusregning(?:en|er)?|tollavgift(?:en|er)?|flybillett(?:en|er)?|vipps",
  sv: "skicka (?:mig )?(?:lite |nagra )?pengar|fora over (?:lite |nagra )?pengar|overforing|lana (?:mig )?(?:lite |nagra )?pengar|lana mig|ett lan|behover pengar|sjukhusrakning(?:en|ar)?|tullavgift(?:en|er)?|flygbiljett(?:en|er)?|swisha?",
  fi: "lahet(?:a|taa|atko|taisitko) (?:minulle |mulle )?(?:vahan )?rahaa|siirra (?:minulle |mulle )?rahaa|tilisiirto\\w{0,3}|lainaa (?:minulle|mulle)|laina(?:a|n|ksi)?|tarvitsen (?:vahan |kipeasti )?rahaa|sairaalalasku\\w{0,3}|tullimaksu\\w{0,3}|lentolip(?:p|u)\\w{0,3}|mobilepay|taloudellista apua",
  pl: "(?:wyslij|przeslij|przelej|pozycz|pozyczyc|wplac|wplacic) (?:mi )?(?:troche |jakies )?(?:pieniadze|pieniedzy|kase|kasy|forse)|przelew\\w{0,3}|przelej mi|(?:pozycz(?:ysz)?|pozyczyc) mi|mi pozyczyc|pozyczk\\w{1,3}|potrzebuje (?:troche |pilnie )?(?:pieniedzy|kasy)|rachun\\w{1,3} (?:za|ze) szpital\\w{0,3}|oplat\\w{1,2} celn\\w{1,3}|clo|bilet\\w{0,2} lotnicz\\w{1,3}|blik\\w{0,3}|pomoc\\w{0,2} finansow\\w{1,3}",
};

const moneyRequest: MessageRule = {
  id: "money_request",
  description:
    "Asks for money, a loan or a transfer (Western Union, PayPal, bills, fees, tickets).",
  reading: "words",
  patterns: [anyOf(Object.values(MONEY))],
};

// Gift cards ---------------------------------------------------------------------------------
const CARD_BRANDS =
  "itunes|apple|google[ -]?play|play[ -]?store|steam|amazon|xbox|psn|playstation|netflix|spotify|ebay|sephora|zalando|nintendo";
const CARD_WORDS =
  "cards?|kort\\w{0,3}|karten?|cartes?|tarjetas?|kaart(?:en)?|kart[aey]|kortti\\w{0,3}|codes?|kod[ey]?|koodi\\w{0,3}|codic[ei]|codigos?|gutschein\\w{0,2}|vouchers?|bons?|buon[oi]";
const GIFT = {
  any: `(?:${CARD_BRANDS})[ -]?(?:(?:gift|geschenk|cadeau|present|gave|regalo|lahja)[ -]?)?(?:${CARD_WORDS})|paysafe ?(?:card|karte|code)?|neosurf|transcash|pcs mastercard|razer gold|vanilla (?:gift|visa|card)`,
  en: "gift ?cards?|gift ?codes?|vouchers?|(?:send|give|text) me (?:the )?codes?|scratch (?:off )?(?:the )?card|(?:card|voucher) (?:number|code|pin)",
  de: "geschenkkarten?|gutschein\\w{0,4}|guthabenkarten?|prepaidkarten?|aufladekarten?|(?:schick|sende|gib) mir (?:den |die )?codes?",
  es: "tarjetas? (?:de )?regalo|tarjetas? prepago|(?:enviame|mandame|dame) (?:el |los )?codigos?|bonos? regalo|vales? regalo",
  fr: "cartes? cadeaux?|coupons?|recharges? (?:pcs|transcash|neosurf)|(?:envoie|donne)[- ]moi (?:le |les )?codes?|bons? d(?:'|’)achat|ticket premium",
  it: "carte? regalo|buon[oi] (?:regalo|amazon|acquisto)|(?:mandami|dammi|inviami) (?:il |i )?codic[ei]|ricarica (?:la )?(?:carta|paysafe)|gift ?card",
  nl: "cadeaukaart(?:en)?|cadeaubon(?:nen)?|tegoedbon(?:nen)?|waardebon(?:nen)?|giftcards?|(?:stuur|geef) (?:me|mij) (?:de )?codes?",
  da: "gavekort\\w{0,3}|gavekode\\w{0,2}|(?:send|giv) mig (?:koden|koderne)",
  nb: "gavekort\\w{0,3}|(?:send|gi) meg (?:koden|kodene)",
  sv: "presentkort\\w{0,3}|presentkod\\w{0,3}|(?:skicka|ge) (?:mig )?(?:koden|koderna)",
  fi: "lahjakort\\w{0,4}|lahjakood\\w{0,3}|(?:laheta|anna) (?:minulle |mulle )?(?:koodi|koodit)",
  pl: "kart\\w{1,2} podarunkow\\w{1,3}|bon\\w{0,2} podarunkow\\w{1,3}|kod\\w{0,2} (?:do )?doladowania|(?:wyslij|podaj|daj) mi kod\\w{0,2}|voucher\\w{0,2}",
};

const giftCard: MessageRule = {
  id: "gift_card",
  description:
    "Asks for gift cards, vouchers or their codes (iTunes, Google Play, Steam, Amazon…).",
  reading: "words",
  patterns: [anyOf(Object.values(GIFT))],
};

// Messengers ---------------------------------------------------------------------------------
// Names that mean the app alone, and names that are also words ("signal", "line", "snap",
// Danish "snaps") and count only with a contact intent ("add me on", "hast du") or a handle.
const APPS = [
  `${spacedOut("whatsapp")}\\w{0,6}`,
  "wh?at+s+ap+\\w{0,6}",
  "(?:gu|w)as+ap+\\w{0,4}",
  "wapp",
  `${spacedOut("telegram")}(?!m)\\w{0,4}`,
  `${spacedOut("snapchat")}\\w{0,4}`,
  "viber",
  "wechat",
  "weixin",
  "skype\\w{0,3}",
  "threema",
  "kakao ?talk",
  "google ?hangouts?",
  "(?:facebook|fb) ?messenger",
];
const AMBIGUOUS =
  "signal(?! ?iduna)\\w{0,4}|snap(?!s\\b)\\w{0,4}|kik\\w{0,2}|insta\\w{0,6}|ig|facebook|fb|messenger|hangouts?|discord|tiktok|line id";
const CONTACT = {
  en: "add me|find me|follow me|write me|write to me|text me|message me|msg me|dm me|hit me up|contact me|reach me|talk|chat|are you|do you have|do you use|let'?s (?:move|switch|continue|go)|switch to|move to|i'?m on|i am on",
  de: "adde mich|add mich|schreib mir|schreib mich|schreibe mir|schreiben wir|folg mir|folge mir|kontaktier mich|meld dich|melde dich|hast du|bist du|ich bin|lass uns|finde mich|such mich",
  es: "agregame|anademe|escribeme|sigueme|hablame|contactame|buscame|tienes|estas en|estoy en|hablamos|seguimos|pasemos a",
  fr: "ajoute[- ]moi|ecris[- ]moi|suis[- ]moi|contacte[- ]moi|retrouve[- ]moi|tu as|t'as|t’as|as[- ]tu|tu es sur|t'es sur|je suis sur|on parle|on continue|on passe|parlons",
  it: "aggiungimi|scrivimi|seguimi|contattami|cercami|hai|sei su|sono su|ci sentiamo|continuiamo|parliamo|passiamo",
  nl: "voeg me toe|voeg mij toe|add me|stuur me|stuur mij|volg me|volg mij|zoek me|heb je|ben je|zit je|ik zit|ik ben|laten we|zullen we",
  da: "tilfoj mig|skriv til mig|skriv|folg mig|find mig|har du|er du|jeg er|lad os",
  nb: "legg meg til|legg til meg|skriv til meg|skriv|folg meg|finn meg|har du|er du|jeg er|la oss",
  sv: "lagg till mig|skriv till mig|skriv|folj mig|hitta mig|har du|ar du|jag ar|kan vi",
  fi: "lisaa minut|lisaa mut|kirjoita|laita viestia|seuraa|onko sulla|onko sinulla|oletko|olen|jatketaan|siirrytaan",
  pl: "dodaj mnie|napisz|pisz|obserwuj mnie|znajdz mnie|masz|jestes|jestem|przejdzmy|piszmy|odezwij sie",
};
const POSSESSIVES =
  "my|your|mein|meine|meinen|dein|deine|deinen|mi|tu|mon|ton|mio|tuo|mijn|jouw|je|min|mit|din|dit|mitt|ditt|mun|minun|sun|sinun|moj|moje|twoj|twoje";

const messenger: MessageRule = {
  id: "messenger",
  description: "Moves the chat to another app: WhatsApp, Telegram, Signal, Snapchat, Instagram…",
  reading: "words",
  patterns: [
    anyOf(APPS),
    new RegExp(
      `\\b(?:${Object.values(CONTACT).join("|")}) (?:\\S+ ){0,2}?(?:${AMBIGUOUS})\\b`,
      "g",
    ),
    new RegExp(
      `\\b(?:${POSSESSIVES}) (?:insta\\w{0,6}|ig|snap(?!s\\b)\\w{0,4}|kik|line id)\\b`,
      "g",
    ),
    new RegExp(
      `\\b(?:${AMBIGUOUS}|line)(?: ?(?:id|name|nick|username|user|handle|account|konto))? ?[:=@] ?@?[a-z0-9_.]{2,30}`,
      "g",
    ),
  ],
};

/** The rules in the order they run: those that claim their text come before the ones they hide. */
export const messageRules: readonly MessageRule[] = [
  email,
  link,
  iban,
  crypto,
  phone,
  moneyRequest,
  giftCard,
  messenger,
];

const MAX_HITS_PER_RULE = 5;

/** Spaces over the given spans, so later rules do not see them. */
function blankSpans(reading: string, spans: readonly (readonly [number, number])[]): string {
  let blanked = reading;
  for (const [start, end] of spans) {
    blanked = blanked.slice(0, start) + " ".repeat(end - start) + blanked.slice(end);
  }
  return blanked;
}

/**
 * The safety rules a message trips, each with the text that tripped it; pure and linear. A
 * rule reports a stretch of text once, from its first pattern that matches there.
 * @example scanMessage("add me on WhatsApp") // [{ rule: "messenger", excerpt: "whatsapp" }]
 */
export function scanMessage(message: string): SafetyHit[] {
  const readings = readMessage(message);
  const hits: SafetyHit[] = [];
  for (const rule of messageRules) {
    const reading = readings[rule.reading];
    const spans: [number, number][] = [];
    for (const pattern of rule.patterns) {
      for (const match of reading.matchAll(pattern)) {
        if (spans.length >= MAX_HITS_PER_RULE) break;
        const found = rule.verify ? rule.verify(match[0], reading, match.index) : match[0];
        if (found === null) continue;
        const start = match.index;
        const end = start + found.length;
        if (spans.some(([from, to]) => start < to && end > from)) continue;
        spans.push([start, end]);
        const excerpt = found.trim().slice(0, 80);
        if (!hits.some((hit) => hit.rule === rule.id && hit.excerpt === excerpt)) {
          hits.push({ rule: rule.id, excerpt });
        }
      }
    }
    if (rule.claims) readings[rule.reading] = blankSpans(reading, spans);
  }
  return hits;
}
