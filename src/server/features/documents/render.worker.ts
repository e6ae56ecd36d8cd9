// A thread of the render pool (render-pool.ts): draws labels and manifests from plain data (the
// services gathered and translated it on the main thread) and answers the file's bytes (PDF or
// ZPL), moved, not copied. The same renderers as before, so a document's bytes are what the main thread drew.
// Imports nothing that opens the database.
import { move } from 'piscina';
import type { LabelCaptions, LabelData, ManifestCaptions, ManifestData } from './document-types.ts';
import { renderLabelFile, type LabelFileRequest } from './label-files.ts';
import { renderManifest } from './manifest-pdf.ts';

export type RenderTask =
  { kind: 'labels'; labels: readonly LabelData[]; file: LabelFileRequest; captions: LabelCaptions } | { kind: 'manifest'; data: ManifestData; captions: ManifestCaptions };

export default async function render(task: RenderTask): Promise<Uint8Array> {
  switch (task.kind) {
    case 'labels':
      return move(await renderLabelFile(task.labels, task.file, task.captions)) as Uint8Array;
    case 'manifest':
      return move(await renderManifest(task.data, task.captions)) as Uint8Array;
  }
}
