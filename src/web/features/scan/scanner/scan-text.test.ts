import { describe, expect, it } from 'vitest';
import { appendIdLine, placeScannedId } from './scan-text.ts';

describe('appendIdLine', () => {
  it('adds the id as its own last line, whatever the text ends with', () => {
    expect(appendIdLine('', 'cp000000015sk')).toBe('CP000000015SK\n');
    expect(appendIdLine('A1\n', 'CP1')).toBe('A1\nCP1\n');
    expect(appendIdLine('A1, A2  ', 'CP1')).toBe('A1, A2\nCP1\n');
    expect(appendIdLine('A1', 'CP000000015SK|SK|010 01')).toBe('A1\nCP000000015SK\n');
    expect(appendIdLine('A1', '  ')).toBe('A1');
  });
});

describe('placeScannedId', () => {
  it('puts a code the scanner typed into the field on its own line, as its parcel id', () => {
    expect(placeScannedId('A1\nCP1', 6, 'CP1')).toEqual({ text: 'A1\nCP1\n', caret: 7 });
    expect(placeScannedId('A1, cp1', 7, 'cp1')).toEqual({ text: 'A1, CP1\n', caret: 8 });
    // In the middle of the list: the rest stays below.
    expect(placeScannedId('A1\nCP1|SK|01001\nA2\n', 15, 'CP1|SK|01001')).toEqual({ text: 'A1\nCP1\nA2\n', caret: 7 });
  });

  it('does nothing when the text before the caret is not the code, or the code is glued to other characters', () => {
    expect(placeScannedId('A1\nCP', 5, 'CP1')).toBeNull();
    expect(placeScannedId('', 0, 'CP1')).toBeNull();
    // Maybe the tail of a scan seen only in part: the line stays whole.
    expect(placeScannedId('A1\nCP100000034SK', 16, '000034SK')).toBeNull();
  });
});
