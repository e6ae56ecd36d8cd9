// An upload is opened on the reader thread (checked whole, its rows located) as soon as it is
// decoded, while its record and file commit and its job is queued: when this instance's worker
// takes the job, it starts from the opened file instead of loading the upload back from the
// database and parsing it only then (for 10,000 rows, a tenth of the import's time). A job that
// another instance takes, or a retry after a restart, loads the stored upload as before. What no
// job takes is closed after a minute; a few at most are kept, so uploads arriving faster than
// their jobs run cannot pile up in the reader.
import type { ImportType } from '#shared/contract/imports.ts';
import { openImportFileOnReader, type OpenedImportFile } from './import-reader.ts';

const KEPT_MS = 60_000;
const MAX_KEPT = 4;

const kept = new Map<string, { file: Promise<OpenedImportFile>; timer: NodeJS.Timeout }>();

const close = (file: Promise<OpenedImportFile>) => {
  file.then(
    (opened) => opened.close(),
    () => undefined,
  );
};

export interface OpeningUpload {
  /** The upload is stored as import `importId`: its job may start from the opened file. */
  keep(importId: string): void;
  /** The upload was not stored: the opened file is closed. */
  drop(): void;
}

/** Starts opening an upload on the reader (which takes a copy of the bytes). */
export function openUpload(type: ImportType, bytes: Uint8Array): OpeningUpload {
  const file = openImportFileOnReader(type, bytes);
  // A file that cannot be read is the job's to report (it fails the import with the reason).
  file.catch(() => undefined);
  return {
    keep(importId) {
      if (kept.size >= MAX_KEPT) return close(file);
      const timer = setTimeout(() => {
        if (kept.get(importId)?.file !== file) return;
        kept.delete(importId);
        close(file);
      }, KEPT_MS);
      timer.unref();
      kept.set(importId, { file, timer });
    },
    drop: () => close(file),
  };
}

/** The upload of `importId` opened by this instance, once: null when it was not, or was already taken or closed. */
export function takeOpenedUpload(importId: string): Promise<OpenedImportFile> | null {
  const entry = kept.get(importId);
  if (!entry) return null;
  kept.delete(importId);
  clearTimeout(entry.timer);
  return entry.file;
}

/** Closes what an upload that will not be imported left open (its import failed before its job ran). */
export function dropOpenedUpload(importId: string): void {
  const file = takeOpenedUpload(importId);
  if (file) close(file);
}
