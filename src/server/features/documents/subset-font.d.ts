// subset-font 2.9 ships no types, and @types/subset-font (2.3) lacks `noHinting`, which the ZPL
// labels use: the part of its API this project calls.
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Leaves the glyph closure of GSUB substitutions out (hb-subset --no-layout-closure). */
    noLayoutClosure?: boolean;
    /** Drops the hinting instructions (hb-subset --no-hinting). */
    noHinting?: boolean;
  }
  /** A subset of `font` (TrueType, OpenType, WOFF or WOFF2) holding the glyphs of `text`. */
  export default function subsetFont(font: Buffer, text: string, options?: SubsetFontOptions): Promise<Buffer>;
}
