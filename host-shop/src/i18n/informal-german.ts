/**
 * The informal address of the consumer catalogs, which the formal German of the B2B mode must
 * never use: the pronouns of "du" and "ihr", and the imperatives and verb forms the German
 * catalogs and pages say them with ("Gib … ein", "Wähle", "Melde dich an", "Schick", "du hast").
 * Nouns spelt like an imperative ("die Suche", "der Druck", "die Folge") are left out.
 */
const informalWords = [
  // Pronouns of "du" and "ihr".
  'du',
  'dich',
  'dir',
  'dein',
  'deine',
  'deinen',
  'deinem',
  'deiner',
  'deines',
  'deins',
  'euch',
  'euer',
  'eure',
  'euren',
  'eurem',
  'eurer',
  'eures',
  // Imperatives of "du" found in the German catalogs and pages.
  'gib',
  'wähle',
  'schick',
  'schicke',
  'schreib',
  'schreibe',
  'prüfe',
  'nimm',
  'setze',
  'setz',
  'drucke',
  'kleb',
  'klebe',
  'öffne',
  'schau',
  'sieh',
  'bestätige',
  'verwende',
  'beantworte',
  'aktiviere',
  'fordere',
  'nutze',
  'kontaktiere',
  'entferne',
  'entnimm',
  'füge',
  'kürze',
  'drück',
  'verwalte',
  'abonniere',
  'ändere',
  'registriere',
  'erzähl',
  'schalte',
  'trenne',
  'sichere',
  'lösche',
  'verpacke',
  'verringere',
  'beende',
  'vergleiche',
  'deaktiviere',
  'erfahre',
  'lerne',
  'empfiehl',
  'wickle',
  'fülle',
  'versende',
  'bewahre',
  'versuch',
  'lade',
  'schickt',
  'leg',
  'lass',
  'entschuldige',
  // Verb forms of "du".
  'hast',
  'bist',
  'kannst',
  'musst',
  'möchtest',
  'willst',
  'erhältst',
  'findest',
  'siehst',
  'bekommst',
  'liest',
  'brauchst',
  'wirst',
  'solltest',
  'darfst',
  'entscheidest',
  'sorgst',
  'verfolgst',
  'meldest',
];

/**
 * Imperatives told from a noun or a formal form by the word after them ("Melde dich", "Versuche
 * es", "Folge uns"; "die Versuche", "in Folge").
 */
const informalPhrases = [
  'melde dich',
  'wende dich',
  'hol dir',
  'druck das',
  'druck es',
  'versuche es',
  'folge uns',
];

const letter = String.raw`[\p{L}\p{N}]`;
const pattern = new RegExp(
  String.raw`(?<!${letter})(${[...informalPhrases, ...informalWords].join('|')})(?!${letter})`,
  'giu',
);

/**
 * The informal words of a text, in order ("Melde dich" counts as the phrase and as "dich").
 * Word boundaries are Unicode letters, so "Durchführung" or "Düsseldorf" never match "du".
 */
export function informalGerman(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(pattern)) {
    found.push(match[0]);
    // A phrase ends with its pronoun: report that too, as a search for the pronoun would.
    const pronoun = /\s(dich|dir)$/iu.exec(match[0]);
    if (pronoun?.[1] !== undefined) found.push(pronoun[1]);
  }
  return found;
}
