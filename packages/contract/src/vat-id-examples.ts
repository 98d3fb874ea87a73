/**
 * VAT IDs of each EU member state for tests, taken from jsvat's own test data
 * (`test/countries_vat_lists/*.vat.js` of jsvat 2.5.4): `valid` from its `valid` lists,
 * `wrongCheckDigits` from its `invalid` or `validOnlyByFormat` lists (right length and
 * characters, wrong check digits). A prefix with one digit has the format of no member state.
 */
export const vatIdExamples: readonly {
  readonly country: string;
  readonly prefix: string;
  readonly valid: string;
  readonly wrongCheckDigits: string;
}[] = [
  { country: 'Austria', prefix: 'AT', valid: 'ATU12011204', wrongCheckDigits: 'ATU10223001' },
  { country: 'Belgium', prefix: 'BE', valid: 'BE0411905847', wrongCheckDigits: 'BE0897221791' },
  { country: 'Bulgaria', prefix: 'BG', valid: 'BG101004508', wrongCheckDigits: 'BG101004509' },
  { country: 'Croatia', prefix: 'HR', valid: 'HR12385860076', wrongCheckDigits: 'HR93634429488' },
  { country: 'Cyprus', prefix: 'CY', valid: 'CY10000314J', wrongCheckDigits: 'CY12000000C' },
  { country: 'Czechia', prefix: 'CZ', valid: 'CZ14503603', wrongCheckDigits: 'CZ699001237' },
  { country: 'Denmark', prefix: 'DK', valid: 'DK12935110', wrongCheckDigits: 'DK10000010' },
  { country: 'Estonia', prefix: 'EE', valid: 'EE100007796', wrongCheckDigits: 'EE100000000' },
  { country: 'Finland', prefix: 'FI', valid: 'FI10154054', wrongCheckDigits: 'FI09853601' },
  { country: 'France', prefix: 'FR', valid: 'FR03552081317', wrongCheckDigits: 'FR00300076967' },
  { country: 'Germany', prefix: 'DE', valid: 'DE136695976', wrongCheckDigits: 'DE111111126' },
  { country: 'Greece', prefix: 'EL', valid: 'EL094012834', wrongCheckDigits: 'EL000000022' },
  { country: 'Hungary', prefix: 'HU', valid: 'HU10672101', wrongCheckDigits: 'HU65730981' },
  { country: 'Ireland', prefix: 'IE', valid: 'IE4748790P', wrongCheckDigits: 'IE0000002A' },
  { country: 'Italy', prefix: 'IT', valid: 'IT02118311006', wrongCheckDigits: 'IT00000010210' },
  { country: 'Latvia', prefix: 'LV', valid: 'LV40003009497', wrongCheckDigits: 'LV90001234567' },
  {
    country: 'Lithuania',
    prefix: 'LT',
    valid: 'LT100001410314',
    wrongCheckDigits: 'LT530091413111',
  },
  { country: 'Luxembourg', prefix: 'LU', valid: 'LU10294056', wrongCheckDigits: 'LU10000350' },
  { country: 'Malta', prefix: 'MT', valid: 'MT10126313', wrongCheckDigits: 'MT20390515' },
  {
    country: 'Netherlands',
    prefix: 'NL',
    valid: 'NL121745417B01',
    wrongCheckDigits: 'NL010000445B01',
  },
  { country: 'Poland', prefix: 'PL', valid: 'PL5260250274', wrongCheckDigits: 'PL7122913628' },
  { country: 'Portugal', prefix: 'PT', valid: 'PT501519246', wrongCheckDigits: 'PT502757192' },
  { country: 'Romania', prefix: 'RO', valid: 'RO16252454', wrongCheckDigits: 'RO11198698' },
  { country: 'Slovakia', prefix: 'SK', valid: 'SK2020032377', wrongCheckDigits: 'SK7020001680' },
  { country: 'Slovenia', prefix: 'SI', valid: 'SI10693661', wrongCheckDigits: 'SI90000000' },
  { country: 'Spain', prefix: 'ES', valid: 'ESA08017535', wrongCheckDigits: 'ESA0011012A' },
  {
    country: 'Sweden',
    prefix: 'SE',
    valid: 'SE502069927701',
    wrongCheckDigits: 'SE556188840301',
  },
];
