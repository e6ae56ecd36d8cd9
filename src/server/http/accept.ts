// Content negotiation for the few routes that answer a file instead of their JSON when asked
// (RFC 9110 section 12.5.1): the JSON stays the default, the file only when Accept prefers it.

/**
 * The quality the Accept header gives `type`: that of its most specific matching range (the type
 * itself, then `main/*`, then `*\/*`), 0 when none matches. No header, or an empty one, accepts all.
 */
export function acceptQuality(header: string | undefined, type: string): number {
  if (header === undefined || header.trim() === '') return 1;
  const wanted = type.toLowerCase();
  const any = `${wanted.split('/')[0]}/*`;
  let best = -1;
  let quality = 0;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const specificity = range === wanted ? 2 : range === any ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best) continue;
    best = specificity;
    const q = params.find((p) => /^q\s*=/.test(p))?.replace(/^q\s*=\s*/, '');
    const value = q === undefined ? 1 : Number(q);
    quality = Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  }
  return quality;
}

/** True when Accept prefers `type` to application/json; a tie keeps the JSON. */
export function prefersToJson(header: string | undefined, type: string): boolean {
  return acceptQuality(header, type) > acceptQuality(header, 'application/json');
}
