// A label file in any of the formats a client may ask for (shared/domain/label-formats.ts): the
// PDF renderer for the three page layouts, the ZPL renderer for the two printer resolutions.
import type { LabelFormat } from '#shared/domain/label-formats.ts';
import type { LabelCaptions, LabelData, LabelLayout } from './document-types.ts';
import { renderLabels } from './label-pdf.ts';
import { renderZplLabels } from './label-zpl.ts';

export interface LabelFileRequest {
  format: LabelFormat;
  /** pdf-a4 only: the first free quarter of a half-used sheet. */
  start?: 1 | 2 | 3 | 4;
}

const pdfLayout = ({ format, start = 1 }: LabelFileRequest): LabelLayout => (format === 'pdf-a4' ? { kind: 'A4', start } : format === 'pdf-100x150' ? { kind: '100x150' } : { kind: 'A6' });

/** The labels in the order given, as one file of the format asked for. */
export async function renderLabelFile(labels: readonly LabelData[], file: LabelFileRequest, captions: LabelCaptions): Promise<Uint8Array> {
  if (file.format === 'zpl-203') return renderZplLabels(labels, 8, captions);
  if (file.format === 'zpl-300') return renderZplLabels(labels, 12, captions);
  return renderLabels(labels, pdfLayout(file), captions);
}
