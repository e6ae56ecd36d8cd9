// The columns of an import file (spec section 3, "Shipment creation payload", plus the pickup
// address and the delivery method) and the header names each is known by in en, sk, de and cz.
// Headers match case-, accent-, space- and punctuation-insensitively, so "PSČ", "psc" and
// "P.S.C." are the same column. The web's mapping step and the server's reader share this list.

export const IMPORT_FIELDS = [
  'receiver_name',
  'receiver_company_name',
  'receiver_vat_number',
  'receiver_address_line_1',
  'receiver_address_number',
  'receiver_address_line_2',
  'receiver_city',
  'receiver_postal_code',
  'receiver_country',
  'receiver_region',
  'receiver_phone',
  'receiver_email',
  'product',
  'delivery_method',
  'pickup_point_id',
  'pickup_address_id',
  'goods_type',
  'reference_number',
  'content',
  'info',
  'weight',
  'width',
  'height',
  'length',
  'quantity',
  'hs_tariff_code',
  'cod_amount',
  'insurance',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Without these a row cannot become a shipment; the mapping step asks for them. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = [
  'receiver_name',
  'receiver_address_line_1',
  'receiver_city',
  'receiver_postal_code',
  'receiver_country',
  'receiver_phone',
  'receiver_email',
  'content',
  'weight',
  'width',
  'height',
  'length',
];

/** Numbers: "2,5" and "2.5" both read as 2.5. */
export const NUMERIC_IMPORT_FIELDS: ReadonlySet<ImportField> = new Set(['weight', 'width', 'height', 'length', 'quantity', 'cod_amount', 'insurance']);

const ALIASES: Record<ImportField, readonly string[]> = {
  receiver_name: ['name', 'recipient', 'recipient name', 'receiver', 'meno', 'meno prijemcu', 'prijemca', 'name des empfangers', 'empfanger', 'jmeno', 'prijemce', 'jmeno prijemce'],
  receiver_company_name: ['company', 'company name', 'firma', 'spolocnost', 'firmenname', 'unternehmen', 'spolecnost'],
  receiver_vat_number: ['vat', 'vat number', 'ic dph', 'dic', 'ust id', 'ust idnr', 'umsatzsteuer id'],
  receiver_address_line_1: ['street', 'address', 'address line 1', 'ulica', 'adresa', 'strasse', 'anschrift', 'ulice'],
  receiver_address_number: ['house number', 'number', 'street number', 'cislo domu', 'cislo', 'supisne cislo', 'hausnummer', 'nr', 'cislo popisne'],
  receiver_address_line_2: ['address line 2', 'address 2', 'adresa 2', 'adresny riadok 2', 'adresszusatz', 'zusatz'],
  receiver_city: ['city', 'town', 'mesto', 'obec', 'stadt', 'ort', 'mesto obec'],
  receiver_postal_code: ['zip', 'zip code', 'postal code', 'postcode', 'psc', 'postleitzahl', 'plz'],
  receiver_country: ['country', 'country code', 'krajina', 'stat', 'land', 'zeme'],
  receiver_region: ['region', 'state', 'kraj', 'bundesland'],
  receiver_phone: ['phone', 'telephone', 'mobile', 'telefon', 'tel', 'mobil', 'telefonne cislo', 'telefonnummer', 'telefonni cislo'],
  receiver_email: ['email', 'e mail', 'mail', 'e mailova adresa'],
  product: ['product', 'produkt', 'service', 'sluzba'],
  delivery_method: ['delivery method', 'delivery', 'sposob dorucenia', 'dorucenie', 'zustellart', 'zustellung', 'zpusob doruceni', 'doruceni'],
  pickup_point_id: ['pickup point', 'pickup point id', 'parcel point', 'locker', 'box', 'vydajne miesto', 'abholstelle', 'packstation', 'vydejni misto'],
  pickup_address_id: ['pickup address', 'pickup address id', 'zvozova adresa', 'abholadresse', 'svozova adresa'],
  goods_type: ['goods type', 'type of goods', 'typ tovaru', 'warenart', 'typ zbozi'],
  reference_number: ['reference', 'reference number', 'order', 'order number', 'referencia', 'referencne cislo', 'cislo objednavky', 'referenz', 'referenznummer', 'bestellnummer', 'reference cislo', 'referencni cislo'],
  content: ['content', 'contents', 'description', 'obsah', 'popis', 'inhalt', 'beschreibung'],
  info: ['note', 'info', 'comment', 'poznamka', 'hinweis', 'bemerkung', 'notiz'],
  weight: ['weight', 'weight kg', 'hmotnost', 'hmotnost kg', 'vaha', 'gewicht', 'gewicht kg'],
  width: ['width', 'width cm', 'sirka', 'sirka cm', 'breite', 'breite cm'],
  height: ['height', 'height cm', 'vyska', 'vyska cm', 'hohe', 'hoehe', 'hohe cm'],
  length: ['length', 'length cm', 'dlzka', 'dlzka cm', 'delka', 'delka cm', 'lange', 'laenge', 'lange cm'],
  quantity: ['quantity', 'qty', 'pocet', 'pocet kusov', 'menge', 'anzahl', 'pocet kusu'],
  hs_tariff_code: ['hs code', 'hs tariff code', 'hs', 'colny kod', 'zolltarifnummer', 'celni kod', 'tariff code'],
  cod_amount: ['cod', 'cod amount', 'cash on delivery', 'dobierka', 'nachnahme', 'nachnahmebetrag', 'dobirka'],
  insurance: ['insurance', 'insured value', 'poistenie', 'versicherung', 'pojisteni'],
};

/** A header as compared: lower case, no accents, words separated by one space. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BY_ALIAS = new Map<string, ImportField>();
for (const field of IMPORT_FIELDS) {
  BY_ALIAS.set(normalizeHeader(field), field);
  for (const alias of ALIASES[field]) BY_ALIAS.set(normalizeHeader(alias), field);
}

/** The portal field a header names, if it is one we know. */
export function fieldOfHeader(header: string): ImportField | undefined {
  return BY_ALIAS.get(normalizeHeader(header));
}

/** Column index per field: each field from the first header that names it. */
export type ImportMapping = Partial<Record<ImportField, number>>;

/** The mapping the headers give by themselves. */
export function mappingFromHeaders(headers: readonly string[]): ImportMapping {
  const mapping: ImportMapping = {};
  headers.forEach((header, index) => {
    const field = fieldOfHeader(header);
    if (field && mapping[field] === undefined) mapping[field] = index;
  });
  return mapping;
}

export function missingRequiredFields(mapping: ImportMapping): ImportField[] {
  return REQUIRED_IMPORT_FIELDS.filter((field) => mapping[field] === undefined);
}

/** The key a saved mapping is stored under: the file's normalized headers, in order. */
export function headerSignature(headers: readonly string[]): string {
  return headers.map(normalizeHeader).join('|');
}
