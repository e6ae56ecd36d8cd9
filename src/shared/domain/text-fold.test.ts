import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldText } from './text-fold.ts';

describe('foldText', () => {
  it('drops the accents of Central European letters and lower-cases', () => {
    expect(foldText('Zelená Záhrada')).toBe('zelena zahrada');
    expect(foldText('ŽILINA')).toBe('zilina');
    expect(foldText('Łódź Győr Kraków Ústí')).toBe('lodz gyor krakow usti');
  });

  it('maps letter for letter (the database column uses the same pair in translate())', () => {
    expect([...FOLD_FROM].length).toBe([...FOLD_TO].length);
    expect(foldText(FOLD_FROM)).toBe(FOLD_TO);
  });
});
