// The pickup-point list samples the admin chapter of the manual offers for download, one per
// partner format (public/csv/pickup-points-<partner>.csv, README note 122): each is read by the
// importer's own parser and checks, every row accepted; and each manual links every sample and
// its in-page links land on its headings.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readDirectoryFile } from '#server/features/pickup-points/point-directory-file.ts';
import { checkRows } from '#server/features/pickup-points/point-directory.service.ts';
import { matchColumns, POINT_DIRECTORY_FORMATS } from '#shared/domain/point-directory-formats.ts';
import { POINT_TYPES } from '#shared/domain/pickup-points.ts';
import { renderManual } from '#web/features/manual/render-manual.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const sampleName = (partner: string) => `pickup-points-${partner.toLowerCase()}.csv`;

describe('pickup-point list samples', () => {
  for (const format of POINT_DIRECTORY_FORMATS) {
    it(`${format.partner}: the sample is accepted whole by the importer in its own column names`, () => {
      const bytes = readFileSync(resolve(ROOT, 'public/csv', sampleName(format.partner)));
      const file = readDirectoryFile('csv', bytes);
      const { columns, missing } = matchColumns(format, file.names);
      expect(missing).toEqual([]);
      // The sample shows the partner's own names, not only the English ones every format reads.
      expect(Object.values(columns).filter((name) => format.aliases.id.includes(name ?? '') || format.aliases.name.includes(name ?? ''))).toHaveLength(2);
      const checked = checkRows(format, columns, file.records);
      expect(checked.errors).toEqual([]);
      expect(checked.foreign).toEqual([]);
      expect(checked.points).toHaveLength(file.records.length);
      expect(checked.points.length).toBeGreaterThanOrEqual(3);
      // A locker and a staffed point at least, so that the sample shows how a type is written.
      const types = new Set(checked.points.map((point) => point.type));
      expect(types.has('parcel_locker')).toBe(true);
      expect(types.has('pickup_point')).toBe(true);
      for (const point of checked.points) expect(POINT_TYPES).toContain(point.type);
    });
  }

  for (const language of ['en', 'sk', 'de', 'cz']) {
    it(`the ${language} manual links the sample of every partner format`, () => {
      const manual = readFileSync(resolve(ROOT, `public/user-manual-${language}.md`), 'utf8');
      for (const format of POINT_DIRECTORY_FORMATS) expect(manual).toContain(`](/csv/${sampleName(format.partner)})`);
      // The chapter's links to other sections land on a heading of the same manual.
      const ids = new Set(renderManual(manual).headings.map((heading) => heading.id));
      const targets = [...manual.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]);
      expect(targets.length).toBeGreaterThan(0);
      expect(targets.filter((target) => !ids.has(target ?? ''))).toEqual([]);
    });
  }
});
