// Demo parcel lockers and pickup points (CZ, SK, PL, HU) for the directory: capitals and several
// other cities, plausible street addresses, postal codes in each country's format and coordinates
// inside the cities. Ids follow the partners' conventions of src/shared/domain/pickup-points.ts,
// and each point's type is the delivery method its id stands for. Demo data only.
import { PARTNERS, type PartnerCode } from '#shared/domain/enums.ts';
import { deliveryMethodForPoint, POINT_TYPES, type PointType } from '#shared/domain/pickup-points.ts';
import type { pickupPoints } from './schema.ts';

export type PickupPointInsert = typeof pickupPoints.$inferInsert;

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
const everyDay = (hours: string) => Object.fromEntries(DAYS.map((d) => [d, hours]));
const weekdays = (hours: string, saturday?: string) => ({
  ...Object.fromEntries(DAYS.slice(0, 5).map((d) => [d, hours])),
  ...(saturday ? { sat: saturday } : {}),
});

/** Opening hours per weekday; a missing day is closed. Lockers are always open. */
const HOURS = {
  locker: everyDay('00:00-24:00'),
  shop: weekdays('08:00-18:00', '08:00-12:00'),
  post: weekdays('08:00-19:00', '08:00-12:00'),
  mall: everyDay('09:00-21:00'),
  station: everyDay('06:00-22:00'),
  convenience: { ...weekdays('06:00-23:00', '06:00-23:00'), sun: '10:00-20:00' },
} satisfies Record<string, Record<string, string>>;
type Hours = keyof typeof HOURS;

/** [id, name, street, city, zip, latitude, longitude, opening hours (counters; lockers are 24/7)] */
type Point = [id: string, name: string, street: string, city: string, zip: string, lat: number, lng: number, hours?: Hours];

/** Points kept in the directory but out of service (never offered, never accepted). */
const INACTIVE = new Set(['ONEBOX10099', 'PT10099', 'OXBOX100099', '30010099']);

const CZ: Point[] = [
  ['ONEBOX10001', 'ONEBOX Palladium', 'náměstí Republiky 1078/1', 'Praha', '110 00', 50.0893, 14.4295],
  ['ALZABOX1001', 'AlzaBox Václavské náměstí', 'Václavské náměstí 832/19', 'Praha', '110 00', 50.0816, 14.427],
  ['CZ30101', 'Výdejní místo Trafika Na Příkopě', 'Na Příkopě 988/31', 'Praha', '110 00', 50.0862, 14.4265, 'shop'],
  ['ONEBOX10002', 'ONEBOX Anděl', 'Nádražní 344/23', 'Praha', '150 00', 50.0702, 14.4038],
  ['CZ30102', 'Výdejní místo Papírnictví Smíchov', 'Štefánikova 230/42', 'Praha', '150 00', 50.0745, 14.4047, 'shop'],
  ['ALZABOX1002', 'AlzaBox Vinohradská', 'Vinohradská 1511/50', 'Praha', '120 00', 50.0768, 14.4445],
  ['ONEBOX10003', 'ONEBOX Vítězné náměstí', 'Vítězné náměstí 634/4', 'Praha', '160 00', 50.1005, 14.395],
  ['CZ30103', 'Výdejní místo Karlín', 'Sokolovská 394/17', 'Praha', '186 00', 50.092, 14.4435, 'shop'],
  ['ONEBOX10004', 'ONEBOX Holešovice', 'Dukelských hrdinů 1267/47', 'Praha', '170 00', 50.1008, 14.4332],
  ['ALZABOX1003', 'AlzaBox Žižkov', 'Seifertova 570/50', 'Praha', '130 00', 50.0848, 14.447],
  ['CZ30104', 'Výdejní místo Vršovice', 'Vršovická 1429/68', 'Praha', '101 00', 50.0686, 14.456, 'shop'],
  ['ONEBOX10005', 'ONEBOX Arkády Pankrác', 'Na Pankráci 1727/86', 'Praha', '140 00', 50.0508, 14.4392],
  ['ONEBOX10006', 'ONEBOX Westfield Chodov', 'Roztylská 2321/19', 'Praha', '148 00', 50.0316, 14.4909],
  ['CZ30105', 'Výdejní místo Centrum Černý Most', 'Chlumecká 765/6', 'Praha', '198 00', 50.1066, 14.5766, 'mall'],
  ['ONEBOX10099', 'ONEBOX Florenc', 'Křižíkova 4/6', 'Praha', '186 00', 50.0905, 14.4385],
  ['ONEBOX20001', 'ONEBOX Galerie Vaňkovka', 'Ve Vaňkovce 462/1', 'Brno', '602 00', 49.1891, 16.6143],
  ['ALZABOX2001', 'AlzaBox Masarykova', 'Masarykova 427/31', 'Brno', '602 00', 49.1922, 16.6115],
  ['CZ30201', 'Výdejní místo Mendlovo náměstí', 'Mendlovo náměstí 1a', 'Brno', '603 00', 49.1908, 16.5938, 'shop'],
  ['ONEBOX20002', 'ONEBOX Lidická', 'Lidická 1879/48', 'Brno', '602 00', 49.2035, 16.6075],
  ['CZ30202', 'Výdejní místo Cejl', 'Cejl 504/50', 'Brno', '602 00', 49.1985, 16.6205, 'shop'],
  ['ALZABOX2002', 'AlzaBox Královo Pole', 'Palackého třída 1380/74', 'Brno', '612 00', 49.217, 16.596],
  ['CZ30203', 'Výdejní místo Bystrc', 'Odbojářská 2', 'Brno', '635 00', 49.2225, 16.5235, 'shop'],
  ['ONEBOX30001', 'ONEBOX Forum Nová Karolina', 'Jantarová 3344/4', 'Ostrava', '702 00', 49.8305, 18.2818],
  ['CZ30301', 'Výdejní místo Nádražní', 'Nádražní 163/30', 'Ostrava', '702 00', 49.8395, 18.2875, 'shop'],
  ['ALZABOX3001', 'AlzaBox Poruba', 'Hlavní třída 583/105', 'Ostrava', '708 00', 49.8295, 18.1705],
  ['CZ30302', 'Výdejní místo Mariánské Hory', '28. října 1142/168', 'Ostrava', '709 00', 49.83, 18.257, 'shop'],
  ['ONEBOX40001', 'ONEBOX Plaza Plzeň', 'Radčická 2861/2', 'Plzeň', '301 00', 49.7488, 13.3685],
  ['CZ30401', 'Výdejní místo Americká', 'Americká 2162/42', 'Plzeň', '301 00', 49.7432, 13.3805, 'shop'],
  ['ALZABOX4001', 'AlzaBox Prešovská', 'Prešovská 10', 'Plzeň', '301 00', 49.7465, 13.377],
  ['ONEBOX50001', 'ONEBOX Galerie Šantovka', 'Polská 1201/1', 'Olomouc', '779 00', 49.59, 17.262],
  ['CZ30501', 'Výdejní místo Horní náměstí', 'Horní náměstí 367/17', 'Olomouc', '779 00', 49.5938, 17.2508, 'shop'],
  ['ALZABOX5001', 'AlzaBox Hlavní nádraží Olomouc', 'Jeremenkova 1211/40', 'Olomouc', '779 00', 49.5925, 17.2785],
  ['ONEBOX60001', 'ONEBOX Forum Liberec', 'Soukenné náměstí 669/2a', 'Liberec', '460 01', 50.7697, 15.0592],
  ['CZ30601', 'Výdejní místo Moskevská', 'Moskevská 1/10', 'Liberec', '460 01', 50.7675, 15.0565, 'shop'],
  ['ALZABOX7001', 'AlzaBox Lannova třída', 'Lannova třída 63/41', 'České Budějovice', '370 01', 48.9757, 14.4822],
  ['CZ30701', 'Výdejní místo Přemysla Otakara II.', 'náměstí Přemysla Otakara II. 1/1', 'České Budějovice', '370 01', 48.9746, 14.4743, 'shop'],
  ['ONEBOX80001', 'ONEBOX Aupark Hradec Králové', 'Gočárova třída 1754/48a', 'Hradec Králové', '500 02', 50.2105, 15.8402],
  ['CZ30801', 'Výdejní místo Velké náměstí', 'Velké náměstí 1/1', 'Hradec Králové', '500 03', 50.2093, 15.8325, 'shop'],
];

const SK: Point[] = [
  ['PT10001', 'SPS Parcelbox Eurovea', 'Pribinova 8', 'Bratislava', '811 09', 48.1405, 17.1215],
  ['PS20001', 'SPS ParcelShop Tabak Obchodná', 'Obchodná 2', 'Bratislava', '811 06', 48.1465, 17.1072, 'shop'],
  ['PT10002', 'SPS Parcelbox Aupark', 'Einsteinova 18', 'Bratislava', '851 01', 48.1332, 17.1062],
  ['PS20002', 'SPS ParcelShop Námestie SNP', 'Námestie SNP 14', 'Bratislava', '811 06', 48.1447, 17.1112, 'shop'],
  ['PT10003', 'SPS Parcelbox Mlynské nivy', 'Mlynské nivy 16', 'Bratislava', '821 09', 48.1442, 17.1305],
  ['PT10004', 'SPS Parcelbox Avion Shopping Park', 'Ivanská cesta 16', 'Bratislava', '821 04', 48.1692, 17.1795],
  ['PS20003', 'SPS ParcelShop Polus City Center', 'Vajnorská 100', 'Bratislava', '831 04', 48.1683, 17.1385, 'mall'],
  ['PT10005', 'SPS Parcelbox Petržalka Kutlíkova', 'Kutlíkova 17', 'Bratislava', '851 02', 48.1192, 17.1105],
  ['PS20004', 'SPS ParcelShop Dúbravka', 'Saratovská 2', 'Bratislava', '841 02', 48.1862, 17.0438, 'shop'],
  ['PT10006', 'SPS Parcelbox Karlova Ves', 'Karloveská 34', 'Bratislava', '841 04', 48.1552, 17.0582],
  ['PS20005', 'SPS ParcelShop Ružinov', 'Ružinovská 42', 'Bratislava', '821 01', 48.1525, 17.1555, 'shop'],
  ['PT10007', 'SPS Parcelbox Hlavná stanica', 'Predstaničné námestie 1', 'Bratislava', '811 04', 48.1585, 17.1063],
  ['PS20006', 'SPS ParcelShop Račianske mýto', 'Račianska 66', 'Bratislava', '831 02', 48.1652, 17.1248, 'shop'],
  ['PT10099', 'SPS Parcelbox Zlaté piesky', 'Senecká cesta 1', 'Bratislava', '821 04', 48.188, 17.183],
  ['PT10008', 'SPS Parcelbox Aupark Košice', 'Námestie osloboditeľov 1', 'Košice', '040 01', 48.7148, 21.2592],
  ['PS20007', 'SPS ParcelShop Hlavná', 'Hlavná 50', 'Košice', '040 01', 48.7203, 21.2582, 'shop'],
  ['PT10009', 'SPS Parcelbox Optima', 'Moldavská cesta 32', 'Košice', '040 11', 48.7003, 21.2388],
  ['PS20008', 'SPS ParcelShop Staničné námestie', 'Staničné námestie 9', 'Košice', '040 01', 48.7222, 21.2675, 'station'],
  ['PT10010', 'SPS Parcelbox Terasa', 'Popradská 10', 'Košice', '040 11', 48.7085, 21.2455],
  ['PT10011', 'SPS Parcelbox Aupark Žilina', 'Veľká okružná 59A', 'Žilina', '010 01', 49.2238, 18.7372],
  ['PS20009', 'SPS ParcelShop Mariánske námestie', 'Mariánske námestie 20', 'Žilina', '010 01', 49.2233, 18.7398, 'shop'],
  ['PT10012', 'SPS Parcelbox Hlinská', 'Hlinská 20', 'Žilina', '010 01', 49.2172, 18.7485],
  ['PS20010', 'SPS ParcelShop Hollého', 'Hollého 14', 'Žilina', '010 01', 49.2268, 18.7452, 'shop'],
  ['PT10013', 'SPS Parcelbox Europa SC', 'Na Troskách 25', 'Banská Bystrica', '974 01', 48.7372, 19.1578],
  ['PS20011', 'SPS ParcelShop Námestie SNP Banská Bystrica', 'Námestie SNP 1', 'Banská Bystrica', '974 01', 48.7358, 19.1462, 'shop'],
  ['PT10014', 'SPS Parcelbox Horná', 'Horná 20', 'Banská Bystrica', '974 01', 48.7347, 19.15],
  ['PT10015', 'SPS Parcelbox Galéria Mlyny', 'Štefánikova trieda 61', 'Nitra', '949 01', 48.3118, 18.0902],
  ['PS20012', 'SPS ParcelShop Štefánikova', 'Štefánikova trieda 20', 'Nitra', '949 01', 48.3098, 18.0862, 'shop'],
  ['PS20013', 'SPS ParcelShop Akademická', 'Akademická 1', 'Nitra', '949 01', 48.307, 18.095, 'shop'],
  ['PT10016', 'SPS Parcelbox Hlavná Prešov', 'Hlavná 50', 'Prešov', '080 01', 48.9988, 21.2398],
  ['PS20014', 'SPS ParcelShop Masarykova', 'Masarykova 10', 'Prešov', '080 01', 48.9948, 21.2428, 'shop'],
  ['PT10017', 'SPS Parcelbox Levočská', 'Levočská 5', 'Prešov', '080 01', 49.0002, 21.2332],
  ['PT10018', 'SPS Parcelbox Max Trnava', 'Veterná 40', 'Trnava', '917 01', 48.3812, 17.5918],
  ['PS20015', 'SPS ParcelShop Hlavná Trnava', 'Hlavná 10', 'Trnava', '917 01', 48.3772, 17.5878, 'shop'],
  ['PT10019', 'SPS Parcelbox Centrum Trenčín', 'Hviezdoslavova 3', 'Trenčín', '911 01', 48.8948, 18.0468],
  ['PS20016', 'SPS ParcelShop Mierové námestie', 'Mierové námestie 10', 'Trenčín', '911 01', 48.8942, 18.0432, 'shop'],
];

const PL: Point[] = [
  ['OXBOX100001', 'OXBOX Złote Tarasy', 'Złota 59', 'Warszawa', '00-120', 52.23, 21.003],
  ['PL200001', 'Urząd Pocztowy Warszawa 1', 'Świętokrzyska 31/33', 'Warszawa', '00-001', 52.2356, 21.0063, 'post'],
  ['OXBOX100002', 'OXBOX Dworzec Centralny', 'Aleje Jerozolimskie 54', 'Warszawa', '00-024', 52.2288, 21.004],
  ['PL200002', 'Punkt odbioru Żabka Nowy Świat', 'Nowy Świat 30', 'Warszawa', '00-373', 52.2335, 21.0192, 'convenience'],
  ['OXBOX100003', 'OXBOX Arkadia', 'Aleja Jana Pawła II 82', 'Warszawa', '00-175', 52.2568, 20.9842],
  ['PL200003', 'Punkt odbioru Kiosk Krakowskie Przedmieście', 'Krakowskie Przedmieście 15', 'Warszawa', '00-071', 52.2428, 21.0148, 'shop'],
  ['OXBOX100004', 'OXBOX Galeria Mokotów', 'Wołoska 12', 'Warszawa', '02-675', 52.1798, 21.0038],
  ['PL200004', 'Punkt odbioru Targowa', 'Targowa 72', 'Warszawa', '03-734', 52.2528, 21.0372, 'shop'],
  ['OXBOX100005', 'OXBOX Ursynów KEN', 'Aleja Komisji Edukacji Narodowej 14', 'Warszawa', '02-797', 52.1478, 21.0452],
  ['PL200005', 'Urząd Pocztowy Warszawa 60', 'Wolska 40', 'Warszawa', '01-187', 52.2328, 20.9625, 'post'],
  ['OXBOX100006', 'OXBOX Plac Wilsona', 'Plac Wilsona 4', 'Warszawa', '01-626', 52.269, 20.9848],
  ['PL200006', 'Punkt odbioru Żabka Bemowo', 'Powstańców Śląskich 126', 'Warszawa', '01-466', 52.2478, 20.9112, 'convenience'],
  ['OXBOX100099', 'OXBOX Dworzec Wschodni', 'Lubelska 1', 'Warszawa', '03-802', 52.2515, 21.052],
  ['OXBOX100007', 'OXBOX Galeria Krakowska', 'Pawia 5', 'Kraków', '31-154', 50.0672, 19.9458],
  ['PL200007', 'Urząd Pocztowy Kraków 1', 'Westerplatte 20', 'Kraków', '31-075', 50.0615, 19.9435, 'post'],
  ['PL200008', 'Punkt odbioru Kazimierz', 'Dietla 50', 'Kraków', '31-039', 50.0522, 19.9448, 'shop'],
  ['OXBOX100008', 'OXBOX Karmelicka', 'Karmelicka 20', 'Kraków', '31-128', 50.0658, 19.9292],
  ['OXBOX100009', 'OXBOX Bonarka', 'Kamieńskiego 11', 'Kraków', '30-644', 50.0282, 19.9528],
  ['PL200009', 'Punkt odbioru Nowa Huta', 'Plac Centralny 1', 'Kraków', '31-930', 50.0722, 20.0372, 'shop'],
  ['OXBOX100010', 'OXBOX Pasaż Grunwaldzki', 'Plac Grunwaldzki 22', 'Wrocław', '50-363', 51.1125, 17.06],
  ['PL200010', 'Urząd Pocztowy Wrocław 1', 'Krasińskiego 1', 'Wrocław', '50-415', 51.106, 17.042, 'post'],
  ['OXBOX100011', 'OXBOX Magnolia Park', 'Legnicka 58', 'Wrocław', '54-204', 51.1188, 16.9892],
  ['PL200011', 'Punkt odbioru Świdnicka', 'Świdnicka 40', 'Wrocław', '50-024', 51.1042, 17.0302, 'shop'],
  ['OXBOX100012', 'OXBOX Stary Browar', 'Półwiejska 32', 'Poznań', '61-888', 52.4032, 16.9272],
  ['PL200012', 'Punkt odbioru Stary Rynek', 'Stary Rynek 50', 'Poznań', '61-772', 52.4083, 16.9345, 'shop'],
  ['OXBOX100013', 'OXBOX Dworzec Poznań Główny', 'Dworcowa 2', 'Poznań', '61-801', 52.402, 16.912],
  ['PL200013', 'Punkt odbioru Jeżyce', 'Roosevelta 18', 'Poznań', '60-829', 52.4128, 16.9188, 'shop'],
  ['OXBOX100014', 'OXBOX Galeria Bałtycka', 'Aleja Grunwaldzka 141', 'Gdańsk', '80-264', 54.3832, 18.5992],
  ['PL200014', 'Urząd Pocztowy Gdańsk 1', 'Długa 22/28', 'Gdańsk', '80-801', 54.3489, 18.6508, 'post'],
  ['OXBOX100015', 'OXBOX Dworzec Gdańsk Główny', 'Podwale Grodzkie 1', 'Gdańsk', '80-895', 54.3556, 18.644],
  ['OXBOX100016', 'OXBOX Manufaktura', 'Drewnowska 58', 'Łódź', '91-002', 51.7802, 19.4482],
  ['PL200015', 'Punkt odbioru Piotrkowska', 'Piotrkowska 100', 'Łódź', '90-004', 51.7662, 19.4572, 'shop'],
  ['OXBOX100017', 'OXBOX Galeria Łódzka', 'Aleja Piłsudskiego 15/23', 'Łódź', '90-307', 51.7592, 19.4622],
  ['OXBOX100018', 'OXBOX Silesia City Center', 'Chorzowska 107', 'Katowice', '40-101', 50.2712, 19.0032],
  ['PL200016', 'Urząd Pocztowy Katowice 1', 'Pocztowa 9', 'Katowice', '40-002', 50.2588, 19.0215, 'post'],
  ['PL200017', 'Punkt odbioru Mariacka', 'Mariacka 10', 'Katowice', '40-014', 50.2572, 19.0232, 'shop'],
];

const HU: Point[] = [
  ['30010001', 'MPL Csomagautomata WestEnd', 'Váci út 1-3', 'Budapest', '1062', 47.513, 19.0568],
  ['20010001', 'Budapest 62 posta', 'Teréz körút 51-53', 'Budapest', '1062', 47.5105, 19.058, 'post'],
  ['40010001', 'PostaPont Coop Andrássy út', 'Andrássy út 30', 'Budapest', '1061', 47.5032, 19.0612, 'shop'],
  ['30010002', 'MPL Csomagautomata Arena Mall', 'Kerepesi út 9', 'Budapest', '1087', 47.4992, 19.09],
  ['20010002', 'Budapest 5 posta', 'Városház utca 18', 'Budapest', '1052', 47.4945, 19.0545, 'post'],
  ['10010001', 'Csomagpont Váci utca', 'Váci utca 10', 'Budapest', '1052', 47.495, 19.052, 'shop'],
  ['30010003', 'MPL Csomagautomata Allee', 'Október huszonharmadika utca 8-10', 'Budapest', '1117', 47.4752, 19.0492],
  ['40010002', 'PostaPont MOL Budaörsi út', 'Budaörsi út 54', 'Budapest', '1112', 47.472, 19.015, 'station'],
  ['30010004', 'MPL Csomagautomata MOM Park', 'Alkotás utca 53', 'Budapest', '1123', 47.4918, 19.0222],
  ['30010005', 'MPL Csomagautomata Mammut', 'Lövőház utca 2-6', 'Budapest', '1024', 47.5088, 19.0262],
  ['20010003', 'Budapest 3 posta', 'Bécsi út 154', 'Budapest', '1032', 47.5398, 19.0402, 'post'],
  ['40010003', 'PostaPont Coop Újpest', 'Árpád út 183', 'Budapest', '1042', 47.5598, 19.0902, 'shop'],
  ['30010006', 'MPL Csomagautomata KÖKI Terminál', 'Vak Bottyán utca 75/A', 'Budapest', '1191', 47.4628, 19.1502],
  ['10010002', 'Csomagpont Kőbánya', 'Kőrösi Csoma Sándor út 30', 'Budapest', '1102', 47.4922, 19.1428, 'shop'],
  ['30010007', 'MPL Csomagautomata Lehel Csarnok', 'Váci út 9-15', 'Budapest', '1134', 47.5182, 19.0628],
  ['30010099', 'MPL Csomagautomata Keleti pályaudvar', 'Kerepesi út 2-6', 'Budapest', '1087', 47.4998, 19.0835],
  ['30020001', 'MPL Csomagautomata Fórum Debrecen', 'Csapó utca 30', 'Debrecen', '4029', 47.5302, 21.6282],
  ['20020001', 'Debrecen 1 posta', 'Hatvan utca 5-9', 'Debrecen', '4025', 47.5292, 21.6245, 'post'],
  ['40020001', 'PostaPont Coop Piac utca', 'Piac utca 20', 'Debrecen', '4025', 47.531, 21.625, 'shop'],
  ['30020002', 'MPL Csomagautomata Debrecen vasútállomás', 'Petőfi tér 12', 'Debrecen', '4026', 47.5208, 21.6292],
  ['30030001', 'MPL Csomagautomata Árkád Szeged', 'Londoni körút 3', 'Szeged', '6724', 46.2552, 20.1602],
  ['20030001', 'Szeged 1 posta', 'Széchenyi tér 1', 'Szeged', '6720', 46.2545, 20.15, 'post'],
  ['40030001', 'PostaPont Coop Kárász utca', 'Kárász utca 10', 'Szeged', '6720', 46.253, 20.148, 'shop'],
  ['10030001', 'Csomagpont Mars tér', 'Mars tér 10', 'Szeged', '6722', 46.256, 20.1402, 'shop'],
  ['30040001', 'MPL Csomagautomata Árkád Pécs', 'Bajcsy-Zsilinszky utca 11', 'Pécs', '7622', 46.0728, 18.2332],
  ['20040001', 'Pécs 1 posta', 'Jókai Mór utca 10', 'Pécs', '7621', 46.0755, 18.2295, 'post'],
  ['40040001', 'PostaPont MOL Rákóczi út', 'Rákóczi út 50', 'Pécs', '7621', 46.0718, 18.2248, 'station'],
  ['30050001', 'MPL Csomagautomata Árkád Győr', 'Budai út 1', 'Győr', '9027', 47.6832, 17.6452],
  ['20050001', 'Győr 1 posta', 'Bajcsy-Zsilinszky út 46', 'Győr', '9021', 47.6863, 17.6375, 'post'],
  ['40050001', 'PostaPont Coop Baross Gábor út', 'Baross Gábor út 20', 'Győr', '9021', 47.6858, 17.6342, 'shop'],
  ['30060001', 'MPL Csomagautomata Szinvapark', 'Bajcsy-Zsilinszky út 2-4', 'Miskolc', '3527', 48.1018, 20.7762],
  ['20060001', 'Miskolc 1 posta', 'Kazinczy Ferenc utca 16', 'Miskolc', '3525', 48.1038, 20.7882, 'post'],
  ['40060001', 'PostaPont Coop Széchenyi utca', 'Széchenyi István utca 30', 'Miskolc', '3530', 48.103, 20.787, 'shop'],
];

const NETWORKS: Array<{ country: string; partner: PartnerCode; points: Point[] }> = [
  { country: 'CZ', partner: 'ONE_CZ', points: CZ },
  { country: 'SK', partner: 'SPS', points: SK },
  { country: 'PL', partner: 'POST_PL', points: PL },
  { country: 'HU', partner: 'POST_HU', points: HU },
];

function pointType(country: string, id: string): PointType {
  const method = deliveryMethodForPoint(country, id);
  if (!(POINT_TYPES as readonly string[]).includes(method)) throw new Error(`point ${id} maps to ${method}`);
  return method as PointType;
}

/** The demo directory, ready to insert (partners must exist first). */
export const DEMO_PICKUP_POINTS: PickupPointInsert[] = NETWORKS.flatMap(({ country, partner, points }) =>
  points.map(([id, name, street, city, zip, latitude, longitude, hours]) => {
    const type = pointType(country, id);
    return {
      id,
      partnerId: PARTNERS[partner],
      country,
      type,
      name,
      street,
      city,
      zip,
      latitude,
      longitude,
      openingHours: JSON.stringify(type === 'parcel_locker' ? HOURS.locker : HOURS[hours ?? 'shop']),
      active: !INACTIVE.has(id),
    };
  }),
);
