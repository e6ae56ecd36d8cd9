import { describe, expect, it } from 'vitest';
import { isPlaceName, PLACE_NAME_MAX } from './place-name.ts';

describe('isPlaceName', () => {
  it.each([
    'Bratislava hub',
    'SPS Senec hub',
    'Žilina depot',
    'SPS pickup point Nitra Centrum',
    'Ústí nad Labem depot',
    'Frýdek-Místek',
    'Nové Mesto nad Váhom depo',
    'SPS Bratislava',
    'PT10015',
    'SPS Parcelbox PT10015',
    'Wien (Paketzentrum)',
    'ZILINA DEPOT',
    'Zilina',
    'Łódź',
    'Köln',
    '  Košice  ',
  ])('accepts the place "%s"', (place) => {
    expect(isPlaceName(place)).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['only spaces', '   '],
    ['only digits', '12345'],
    ['markup', '<b>Bratislava</b>'],
    ['a script', 'Senec<script>alert(1)</script>'],
    ['an e-mail address', 'jana.novakova@example.com'],
    ['a web address', 'www.evil.example'],
    ['a link', 'https://evil.example'],
    ['a phone number', 'Jana Nováková 0905 123 456'],
    ['an international phone number', 'Senec +421 905 123 456'],
    ['a phone number with dashes', 'Senec 905-123-456'],
    ['a name, an address and a phone', 'Jana Nováková, Hlavná 12, Senec, tel. 0905123456'],
    ['a line break', 'Senec\nHlavná 12'],
    ['a tab', 'Senec\thub'],
    ['a NUL', 'Senec\u0000'],
    ['a bidi override', 'Senec\u202Ebuh'],
    ['double spaces', 'Senec  hub'],
    ['too long', `Depot ${'x'.repeat(PLACE_NAME_MAX)}`],
    ['quotes and semicolons', 'Senec"; drop table'],
    // Issue 30: shaped like a place, yet a person or an address.
    ['a person’s name', 'Jana Novakova'],
    ['a street, a number, a town and a postal code', 'Hlavna 12 Zilina 010 01'],
    ['a street number and a postal code beside a depot', 'Depot 12, 811 01 Bratislava'],
    ['a postal code', '811 01 Bratislava'],
    ['a number standing alone', 'Praha 4'],
    ['a street', 'Hlavná Senec'],
    ['a point id in small letters', 'pt10015'],
    ['a shop’s own name', 'Marks & Spencer, Köln'],
  ])('refuses %s', (_, value) => {
    expect(isPlaceName(value)).toBe(false);
  });
});
