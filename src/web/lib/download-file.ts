// Saving a file the API answered (result files, labels, manifests): the name from the response's
// Content-Disposition, the bytes through an object URL and a temporary <a download>, because
// authenticated downloads go through fetch (bearer header) and cannot be plain links.

/** Revoking at once cancels the download in some browsers; a later revoke only frees memory. */
const REVOKE_AFTER_MS = 10_000;

/**
 * The file name of a Content-Disposition header (RFC 6266): `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token; null when there is none. Folders are dropped from the name.
 */
export function filenameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([\w!#$%&+^`{}~-]*)'[^']*'([^;\s]+)/i.exec(header);
  if (extended) {
    const decoded = decodeExtended(extended[1]!, extended[2]!);
    if (decoded) return baseName(decoded);
  }
  const quoted = /(?:^|;)\s*filename\s*=\s*"((?:\\.|[^"\\])*)"/i.exec(header);
  if (quoted) return baseName(quoted[1]!.replace(/\\(.)/g, '$1')) || null;
  const token = /(?:^|;)\s*filename\s*=\s*([^;\s"]+)/i.exec(header);
  return token ? baseName(token[1]!) || null : null;
}

function decodeExtended(charset: string, value: string): string | null {
  try {
    if (charset.toLowerCase() === 'utf-8') return decodeURIComponent(value);
    // ISO-8859-1, the only other charset RFC 8187 requires: each %XX is one character.
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  } catch {
    return null;
  }
}

function baseName(name: string): string {
  return name.split(/[/\\]/).pop()!.trim();
}

/** Starts the browser's download of `blob` under `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** Saves a successful response's body under the name the server gave it, else under `fallbackName`. */
export async function saveResponse(response: Response, fallbackName: string): Promise<void> {
  const blob = await response.blob();
  saveBlob(blob, filenameFromContentDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}

/** The bytes of a base64 string (a JSON answer carrying a file, such as a label) as a Blob of `type`. */
export function blobFromBase64(base64: string, type: string): Blob {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}
