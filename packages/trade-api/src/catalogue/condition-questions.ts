import type { CatalogueAnswer, CatalogueQuestion } from './catalogue-model.ts';
import { perEdition, type CategoryKey, type PerLanguage } from './catalogue-texts.ts';

/**
 * The condition questions of every category. Ids are computed, never counted, so they stay put
 * when a question is added: question id = category id × 100 + the code's number below, answer
 * id = question id × 10 + the answer's position (1–5).
 */
const questionNumbers = {
  GRADE: 1,
  POWERS_ON: 2,
  NO_ACCOUNT_LOCK: 3,
  DISPLAY_INTACT: 4,
  BATTERY_80: 5,
  CAMERAS_WORK: 6,
  KEYBOARD_WORKS: 7,
  LENS_FREE_OF_SCRATCHES: 8,
  CONTROLLERS_WORK: 9,
  SOUND_BOTH_SIDES: 10,
  NO_WATER_DAMAGE: 11,
  ORIGINAL_ACCESSORIES: 12,
} as const;
export type QuestionCode = keyof typeof questionNumbers;

/** Which questions each category asks, in the order the flow shows them. */
const categoryQuestionCodes: Record<CategoryKey, readonly QuestionCode[]> = {
  smartphones: [
    'GRADE',
    'POWERS_ON',
    'NO_ACCOUNT_LOCK',
    'DISPLAY_INTACT',
    'BATTERY_80',
    'CAMERAS_WORK',
    'NO_WATER_DAMAGE',
    'ORIGINAL_ACCESSORIES',
  ],
  tablets: [
    'GRADE',
    'POWERS_ON',
    'NO_ACCOUNT_LOCK',
    'DISPLAY_INTACT',
    'BATTERY_80',
    'CAMERAS_WORK',
    'ORIGINAL_ACCESSORIES',
  ],
  laptops: [
    'GRADE',
    'POWERS_ON',
    'NO_ACCOUNT_LOCK',
    'DISPLAY_INTACT',
    'KEYBOARD_WORKS',
    'BATTERY_80',
    'ORIGINAL_ACCESSORIES',
  ],
  smartwatches: [
    'GRADE',
    'POWERS_ON',
    'NO_ACCOUNT_LOCK',
    'DISPLAY_INTACT',
    'BATTERY_80',
    'ORIGINAL_ACCESSORIES',
  ],
  cameras: [
    'GRADE',
    'POWERS_ON',
    'DISPLAY_INTACT',
    'LENS_FREE_OF_SCRATCHES',
    'ORIGINAL_ACCESSORIES',
  ],
  consoles: ['GRADE', 'POWERS_ON', 'NO_ACCOUNT_LOCK', 'CONTROLLERS_WORK', 'ORIGINAL_ACCESSORIES'],
  headphones: ['GRADE', 'POWERS_ON', 'SOUND_BOTH_SIDES', 'BATTERY_80', 'ORIGINAL_ACCESSORIES'],
  'e-readers': ['GRADE', 'POWERS_ON', 'NO_ACCOUNT_LOCK', 'DISPLAY_INTACT', 'ORIGINAL_ACCESSORIES'],
};

interface AnswerSpec {
  code: string;
  texts: PerLanguage<string>;
  priceFactor: number;
  meansDefective: boolean;
}

interface QuestionSpec {
  texts: PerLanguage<{ question: string; description: string }>;
  answers: readonly AnswerSpec[];
}

/** An answer that leaves the device working, moving the price by `priceFactor`. */
function working(code: string, texts: PerLanguage<string>, priceFactor: number): AnswerSpec {
  return { code, texts, priceFactor, meansDefective: false };
}

const yesTexts: PerLanguage<string> = { de: 'Ja', es: 'Sí', fr: 'Oui', it: 'Sì' };
const noTexts: PerLanguage<string> = { de: 'Nein', es: 'No', fr: 'Non', it: 'No' };

/**
 * A yes/no question. `no` is the factor of answering NO, or `'defective'`: then NO means the
 * device does not work, the recycling price replaces the offer, and the answer carries the
 * neutral factor 1 because no factor applies to the recycling price.
 */
function yesNo(texts: QuestionSpec['texts'], no: number | 'defective'): QuestionSpec {
  return {
    texts,
    answers: [
      working('YES', yesTexts, 1),
      {
        code: 'NO',
        texts: noTexts,
        priceFactor: no === 'defective' ? 1 : no,
        meansDefective: no === 'defective',
      },
    ],
  };
}

const questionSpecs: Record<QuestionCode, QuestionSpec> = {
  // The grade's description explains each answer as "Answer: text." (French "Neuf : text.", with
  // the space before the colon that all French texts of the project write): the questions screen
  // shows each part as that answer's own hint.
  GRADE: {
    texts: {
      de: {
        question: 'In welchem optischen Zustand ist das Gerät?',
        description:
          'Neu: originalverpackt und unbenutzt. Wie neu: keine sichtbaren Gebrauchsspuren. Gut: leichte Kratzer, aus 30 cm Abstand kaum zu sehen. Gebraucht: deutliche Kratzer oder kleine Dellen. Stark gebraucht: tiefe Kratzer, Dellen oder abgeplatzte Stellen am Gehäuse.',
      },
      es: {
        question: '¿En qué estado estético está el dispositivo?',
        description:
          'Nuevo: precintado y sin usar. Como nuevo: sin marcas de uso visibles. Bueno: arañazos leves, casi invisibles a 30 cm. Usado: arañazos claros o pequeñas abolladuras. Muy usado: arañazos profundos, abolladuras o desconchones en la carcasa.',
      },
      fr: {
        question: 'Dans quel état esthétique est l’appareil ?',
        description:
          'Neuf : sous blister et jamais utilisé. Comme neuf : aucune trace d’usure visible. Bon : légères rayures, à peine visibles à 30 cm. Usé : rayures nettes ou petites bosses. Très usé : rayures profondes, bosses ou éclats sur la coque.',
      },
      it: {
        question: 'In che condizioni estetiche è il dispositivo?',
        description:
          'Nuovo: sigillato e mai usato. Come nuovo: nessun segno d’uso visibile. Buono: graffi leggeri, appena visibili a 30 cm. Usato: graffi evidenti o piccole ammaccature. Molto usato: graffi profondi, ammaccature o scheggiature sulla scocca.',
      },
    },
    answers: [
      working('GRADE_NEW', { de: 'Neu', es: 'Nuevo', fr: 'Neuf', it: 'Nuovo' }, 1),
      working(
        'GRADE_LIKE_NEW',
        { de: 'Wie neu', es: 'Como nuevo', fr: 'Comme neuf', it: 'Come nuovo' },
        0.92,
      ),
      working('GRADE_GOOD', { de: 'Gut', es: 'Bueno', fr: 'Bon', it: 'Buono' }, 0.8),
      working('GRADE_FAIR', { de: 'Gebraucht', es: 'Usado', fr: 'Usé', it: 'Usato' }, 0.65),
      working(
        'GRADE_POOR',
        { de: 'Stark gebraucht', es: 'Muy usado', fr: 'Très usé', it: 'Molto usato' },
        0.45,
      ),
    ],
  },
  POWERS_ON: yesNo(
    {
      de: {
        question: 'Lässt sich das Gerät einschalten und funktioniert es?',
        description:
          'Das Gerät startet, lässt sich bedienen und lädt. Wenn nicht, gibt es ein Recycling-Angebot.',
      },
      es: {
        question: '¿El dispositivo se enciende y funciona?',
        description:
          'El dispositivo arranca, se puede usar y carga. Si no, te hacemos una oferta de reciclaje.',
      },
      fr: {
        question: 'L’appareil s’allume-t-il et fonctionne-t-il ?',
        description:
          'L’appareil démarre, s’utilise normalement et se recharge. Sinon, nous vous faisons une offre de recyclage.',
      },
      it: {
        question: 'Il dispositivo si accende e funziona?',
        description:
          'Il dispositivo si avvia, si usa normalmente e si ricarica. In caso contrario ti facciamo un’offerta di riciclo.',
      },
    },
    'defective',
  ),
  NO_ACCOUNT_LOCK: yesNo(
    {
      de: {
        question: 'Ist das Gerät frei von Konten und Aktivierungssperren?',
        description:
          'Vor dem Versand von allen Konten abmelden (z. B. Apple-ID mit „Wo ist?“, Google-Konto, Samsung-Konto) und das Gerät zurücksetzen. Ein gesperrtes Gerät können wir nur recyceln.',
      },
      es: {
        question: '¿El dispositivo está libre de cuentas y bloqueos de activación?',
        description:
          'Cierra la sesión de todas las cuentas (p. ej. ID de Apple con «Buscar», cuenta de Google o de Samsung) y restablece el dispositivo. Un dispositivo bloqueado solo se puede reciclar.',
      },
      fr: {
        question: 'L’appareil est-il libre de tout compte et verrouillage d’activation ?',
        description:
          'Déconnectez tous les comptes (par ex. identifiant Apple avec « Localiser », compte Google ou Samsung) et réinitialisez l’appareil. Un appareil verrouillé ne peut être que recyclé.',
      },
      it: {
        question: 'Il dispositivo è libero da account e blocchi di attivazione?',
        description:
          'Esci da tutti gli account (ad es. ID Apple con «Dov’è», account Google o Samsung) e ripristina il dispositivo. Un dispositivo bloccato può essere solo riciclato.',
      },
    },
    'defective',
  ),
  DISPLAY_INTACT: yesNo(
    {
      de: {
        question: 'Ist das Display frei von Rissen und Pixelfehlern?',
        description: 'Keine Sprünge im Glas, keine dunklen Flecken, Streifen oder toten Pixel.',
      },
      es: {
        question: '¿La pantalla está libre de grietas y píxeles defectuosos?',
        description: 'Sin grietas en el cristal, manchas oscuras, líneas ni píxeles muertos.',
      },
      fr: {
        question: 'L’écran est-il sans fissure ni pixel défectueux ?',
        description: 'Aucune fêlure du verre, tache sombre, ligne ou pixel mort.',
      },
      it: {
        question: 'Il display è privo di crepe e pixel difettosi?',
        description: 'Nessuna crepa nel vetro, macchie scure, righe o pixel morti.',
      },
    },
    0.6,
  ),
  BATTERY_80: yesNo(
    {
      de: {
        question: 'Liegt die Akkukapazität über 80 %?',
        description:
          'Die Akkugesundheit steht in den Einstellungen (z. B. „Batteriezustand“). Unter 80 % ziehen wir den Tausch des Akkus ab.',
      },
      es: {
        question: '¿La salud de la batería supera el 80 %?',
        description:
          'La salud de la batería aparece en los ajustes (p. ej. «Salud de la batería»). Por debajo del 80 % descontamos el cambio de batería.',
      },
      fr: {
        question: 'La capacité de la batterie dépasse-t-elle 80 % ?',
        description:
          'L’état de la batterie figure dans les réglages (par ex. « État de la batterie »). En dessous de 80 %, nous déduisons son remplacement.',
      },
      it: {
        question: 'La capacità della batteria è superiore all’80 %?',
        description:
          'Lo stato della batteria si trova nelle impostazioni (ad es. «Stato della batteria»). Sotto l’80 % detraiamo la sostituzione.',
      },
    },
    0.85,
  ),
  CAMERAS_WORK: yesNo(
    {
      de: {
        question: 'Funktionieren alle Kameras einwandfrei?',
        description:
          'Front- und Rückkameras fokussieren und liefern klare Bilder, das Kameraglas ist unbeschädigt.',
      },
      es: {
        question: '¿Funcionan correctamente todas las cámaras?',
        description:
          'Las cámaras frontal y trasera enfocan y dan imágenes nítidas; el cristal de la cámara está intacto.',
      },
      fr: {
        question: 'Tous les appareils photo fonctionnent-ils correctement ?',
        description:
          'Les caméras avant et arrière font la mise au point et donnent des images nettes ; leur verre est intact.',
      },
      it: {
        question: 'Tutte le fotocamere funzionano correttamente?',
        description:
          'Le fotocamere anteriore e posteriore mettono a fuoco e danno immagini nitide; il vetro è integro.',
      },
    },
    0.7,
  ),
  KEYBOARD_WORKS: yesNo(
    {
      de: {
        question: 'Funktionieren Tastatur und Trackpad vollständig?',
        description:
          'Alle Tasten reagieren, keine fehlenden Tasten, das Trackpad klickt und erkennt Gesten.',
      },
      es: {
        question: '¿Funcionan por completo el teclado y el trackpad?',
        description:
          'Todas las teclas responden, no falta ninguna y el trackpad hace clic y reconoce gestos.',
      },
      fr: {
        question: 'Le clavier et le pavé tactile fonctionnent-ils entièrement ?',
        description:
          'Toutes les touches répondent, aucune ne manque, le pavé tactile clique et reconnaît les gestes.',
      },
      it: {
        question: 'Tastiera e trackpad funzionano completamente?',
        description:
          'Tutti i tasti rispondono, nessuno manca, il trackpad fa clic e riconosce i gesti.',
      },
    },
    0.8,
  ),
  LENS_FREE_OF_SCRATCHES: yesNo(
    {
      de: {
        question: 'Sind Sensor und Objektiv frei von Kratzern und Pilz?',
        description:
          'Keine Kratzer, Flecken, Staub im Inneren oder Pilzbefall auf Sensor und Linsen.',
      },
      es: {
        question: '¿El sensor y el objetivo están libres de arañazos y hongos?',
        description: 'Sin arañazos, manchas, polvo interior ni hongos en el sensor y las lentes.',
      },
      fr: {
        question: 'Le capteur et l’objectif sont-ils sans rayure ni champignon ?',
        description:
          'Aucune rayure, tache, poussière interne ni champignon sur le capteur et les lentilles.',
      },
      it: {
        question: 'Sensore e obiettivo sono privi di graffi e muffa?',
        description: 'Nessun graffio, macchia, polvere interna o muffa su sensore e lenti.',
      },
    },
    0.75,
  ),
  CONTROLLERS_WORK: yesNo(
    {
      de: {
        question: 'Funktionieren die mitgelieferten Controller einwandfrei?',
        description: 'Alle Tasten reagieren, die Sticks driften nicht und der Controller lädt.',
      },
      es: {
        question: '¿Funcionan correctamente los mandos incluidos?',
        description:
          'Todos los botones responden, los joysticks no tienen deriva y el mando carga.',
      },
      fr: {
        question: 'Les manettes fournies fonctionnent-elles correctement ?',
        description:
          'Tous les boutons répondent, les sticks ne dérivent pas et la manette se recharge.',
      },
      it: {
        question: 'I controller inclusi funzionano correttamente?',
        description:
          'Tutti i tasti rispondono, le levette non hanno drift e il controller si ricarica.',
      },
    },
    0.85,
  ),
  SOUND_BOTH_SIDES: yesNo(
    {
      de: {
        question: 'Kommt auf beiden Seiten klarer Ton?',
        description: 'Beide Seiten spielen ohne Knacken oder Aussetzer, das Mikrofon funktioniert.',
      },
      es: {
        question: '¿Se oye con claridad por ambos lados?',
        description: 'Ambos lados suenan sin chasquidos ni cortes y el micrófono funciona.',
      },
      fr: {
        question: 'Le son est-il clair des deux côtés ?',
        description: 'Les deux côtés jouent sans grésillement ni coupure, le micro fonctionne.',
      },
      it: {
        question: 'Il suono è chiaro su entrambi i lati?',
        description:
          'Entrambi i lati suonano senza crepitii né interruzioni e il microfono funziona.',
      },
    },
    0.5,
  ),
  NO_WATER_DAMAGE: yesNo(
    {
      de: {
        question: 'Ist das Gerät frei von Wasserschäden?',
        description: 'Das Gerät war nie im Wasser und zeigt keine Feuchtigkeit oder Korrosion.',
      },
      es: {
        question: '¿El dispositivo está libre de daños por agua?',
        description: 'El dispositivo nunca se ha mojado y no muestra humedad ni corrosión.',
      },
      fr: {
        question: 'L’appareil est-il exempt de dégâts des eaux ?',
        description: 'L’appareil n’a jamais été immergé et ne présente ni humidité ni corrosion.',
      },
      it: {
        question: 'Il dispositivo è privo di danni da liquidi?',
        description: 'Il dispositivo non è mai finito in acqua e non mostra umidità né corrosione.',
      },
    },
    0.5,
  ),
  ORIGINAL_ACCESSORIES: yesNo(
    {
      de: {
        question: 'Liegt das Originalzubehör bei?',
        description: 'Originalverpackung, Ladekabel oder Netzteil des Herstellers.',
      },
      es: {
        question: '¿Incluyes los accesorios originales?',
        description: 'Caja original, cable de carga o cargador del fabricante.',
      },
      fr: {
        question: 'Joignez-vous les accessoires d’origine ?',
        description: 'Boîte d’origine, câble de charge ou chargeur du fabricant.',
      },
      it: {
        question: 'Includi gli accessori originali?',
        description: 'Confezione originale, cavo di ricarica o alimentatore del produttore.',
      },
    },
    0.95,
  ),
};

/** The condition questions of one category, with their computed ids. */
export function buildCategoryQuestions(categoryId: number, key: CategoryKey): CatalogueQuestion[] {
  return categoryQuestionCodes[key].map((code, index) => {
    const spec = questionSpecs[code];
    const id = categoryId * 100 + questionNumbers[code];
    const answers: CatalogueAnswer[] = spec.answers.map((answer, answerIndex) => ({
      id: id * 10 + answerIndex + 1,
      code: answer.code,
      texts: perEdition(answer.texts),
      priceFactor: answer.priceFactor,
      meansDefective: answer.meansDefective,
      position: answerIndex + 1,
    }));
    return { id, categoryId, code, texts: perEdition(spec.texts), answers, position: index + 1 };
  });
}
