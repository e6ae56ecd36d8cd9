// The bounded vocabulary a tracking event's location is made of (place-name.ts, README note 111):
// the towns of the carrier's and its partners' networks, the words for a facility, and the
// partners' names. Folded (lower case, no accents: text-fold.ts), hyphens and dots as spaces. A
// partner that needs a place not listed here sends the point's or the depot's id (PT10015), or
// asks for the town to be added: a person's name, a street or a postal code never fits.

/** Towns of one word: Slovakia's and Czechia's district towns and the larger cities of the partners' countries. */
const TOWNS = `
bratislava kosice presov zilina nitra trnava trencin martin poprad prievidza zvolen michalovce
komarno humenne levice bardejov lucenec piestany ruzomberok topolcany trebisov cadca partizanske
sala hlohovec brezno senica senec galanta pezinok malacky skalica myjava stupava namestovo tvrdosin
kezmarok snina sobrance svidnik stropkov levoca roznava revuca detva zarnovica sered bytca puchov
ilava handlova sturovo kolarovo gelnica medzilaborce poltar krupina sabinov praha brno ostrava plzen
liberec olomouc pardubice zlin havirov kladno most opava karvina jihlava teplice decin chomutov
prostejov prerov trebic tabor znojmo trinec kolin pribram cheb pisek kromeriz vsetin hodonin breclav
litomerice sumperk orlova trutnov nachod klatovy beroun melnik benesov rakovnik louny zatec sokolov
strakonice pelhrimov vyskov blansko boskovice svitavy jicin semily bruntal jesenik wien graz linz
salzburg innsbruck klagenfurt villach wels dornbirn budapest debrecen szeged miskolc pecs gyor
nyiregyhaza kecskemet szekesfehervar szombathely szolnok tatabanya kaposvar erd veszprem bekescsaba
zalaegerszeg sopron eger nagykanizsa esztergom warszawa krakow lodz wroclaw poznan gdansk szczecin
bydgoszcz lublin bialystok katowice gdynia czestochowa radom torun kielce rzeszow gliwice zabrze
olsztyn bytom opole tarnow zakopane cieszyn berlin hamburg munchen koln frankfurt stuttgart
dusseldorf leipzig dortmund essen bremen dresden hannover nurnberg duisburg bochum wuppertal
bielefeld bonn munster mannheim karlsruhe augsburg wiesbaden regensburg passau ingolstadt wurzburg
erfurt rostock kiel halle magdeburg chemnitz
`;

/** Towns of several words, matched whole. */
const MULTI_WORD_TOWNS = [
  'banska bystrica', 'povazska bystrica', 'nove zamky', 'spisska nova ves', 'liptovsky mikulas', 'dubnica nad vahom',
  'rimavska sobota', 'vranov nad toplou', 'nove mesto nad vahom', 'dunajska streda', 'dolny kubin', 'stara lubovna',
  'velky krtis', 'banska stiavnica', 'ziar nad hronom', 'zlate moravce', 'kysucke nove mesto', 'turcianske teplice',
  'banovce nad bebravou', 'moldava nad bodvou', 'velke kapusany', 'kralovsky chlmec', 'kosice okolie',
  'ceske budejovice', 'hradec kralove', 'usti nad labem', 'frydek mistek', 'karlovy vary', 'jablonec nad nisou',
  'mlada boleslav', 'ceska lipa', 'uherske hradiste', 'valasske mezirici', 'novy jicin', 'kutna hora',
  'jindrichuv hradec', 'havlickuv brod', 'zdar nad sazavou', 'usti nad orlici', 'rychnov nad kneznou',
  'sankt polten', 'st polten', 'wiener neustadt', 'bielsko biala', 'zielona gora', 'nowy sacz',
];

/** What the place is: a depot, a hub, a pickup point, a branch, customs (English, Slovak, Czech, German, Polish, Hungarian). */
const FACILITIES = [
  'depot', 'depo', 'hub', 'pickup point', 'pick up point', 'parcelbox', 'parcel box', 'parcelshop', 'parcel shop',
  'paketshop', 'packstation', 'paketbox', 'locker', 'parcel locker', 'branch', 'post office', 'post', 'warehouse',
  'terminal', 'sorting centre', 'sorting center', 'centre', 'center', 'centrum', 'city', 'customs',
  'pobocka', 'vydajne miesto', 'odberne miesto', 'vydejni misto', 'odberni misto', 'posta', 'sklad', 'triedisko',
  'tridirna', 'tridici centrum', 'colnica', 'celnice', 'box', 'z box', 'alzabox',
  'filiale', 'postamt', 'lager', 'zentrum', 'paketzentrum', 'verteilzentrum', 'zoll',
  'oddzial', 'sortownia', 'paczkomat', 'punkt', 'posta pont', 'csomagpont', 'raktar', 'vam',
];

/** The delivery partners, by code and by name. */
const PARTNER_NAMES = [
  'sps', 'slovak parcel service', 'postone', 'post at', 'austrian post', 'post hu', 'hungarian post', 'one cz',
  'post pl', 'polish post', 'kaab', 'kaab customs express',
];

/** Every phrase of the vocabulary, folded, words separated by one space. */
export const PLACE_PHRASES: ReadonlySet<string> = new Set([
  ...TOWNS.split(/\s+/).filter((word) => word !== ''),
  ...MULTI_WORD_TOWNS,
  ...FACILITIES,
  ...PARTNER_NAMES,
]);

/** The most words a phrase of the vocabulary has. */
export const PLACE_PHRASE_MAX_WORDS = Math.max(...[...PLACE_PHRASES].map((phrase) => phrase.split(' ').length));
