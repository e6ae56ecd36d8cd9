// `npm run licences` (part of `npm test`): the licence of every package a production install
// carries (`npm install --omit=dev`), checked against the permissive licences we accept; any other
// licence, a copyleft one or none at all fails, naming the package. SPDX expressions are evaluated
// properly (spdx-satisfies: "GPL-3.0 OR MIT" passes, "GPL-3.0 AND MIT" does not), unlike the
// checker's own --onlyAllow, which matches substrings. scripts/licence-clarifications.json corrects what
// the checker cannot read (with the licence file's checksum, so a change of licence is noticed);
// ACCEPTED lists the packages we ship knowingly without an acceptable licence, each with its reason
// (README note 115). `--list` prints the whole report.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { init, type ModuleInfos } from 'license-checker-rseidelsohn';
import satisfies from 'spdx-satisfies';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Permissive licences: notices kept, nothing imposed on the portal's own code. */
const ALLOWED = ['MIT', 'ISC', 'Apache-2.0', 'BSD-2-Clause', 'BSD-3-Clause', '0BSD', 'BlueOak-1.0.0', 'Unlicense', 'CC0-1.0', 'Zlib', 'Python-2.0', 'Bitstream-Vera'];

/** Shipped without an acceptable licence, knowingly: package@version -> why. */
const ACCEPTED: Record<string, string> = {
  'buffers@0.1.1':
    'no licence stated (exceljs -> unzipper 0.10 -> binary -> buffers, the streaming xlsx reader of imports); by the author of binary and chainsaw in the same chain, both MIT/X11; README note 115',
};

const CLARIFICATIONS = path.join(ROOT, 'scripts/licence-clarifications.json');
// The checker ignores a clarifications file it cannot find: say so instead of failing on what it clarifies.
if (!existsSync(CLARIFICATIONS)) throw new Error(`${CLARIFICATIONS} is missing`);

const packages = await new Promise<ModuleInfos>((resolve, reject) =>
  init({ start: ROOT, production: true, excludePrivatePackages: true, clarificationsFile: CLARIFICATIONS }, (error, found) =>
    error ? reject(error) : resolve(found),
  ),
);

const acceptable = (licence: string) => {
  try {
    return satisfies(licence, ALLOWED);
  } catch {
    return false; // not an SPDX expression ("UNKNOWN", "Custom: …")
  }
};

const refused: string[] = [];
const counts = new Map<string, number>();
for (const [name, info] of Object.entries(packages)) {
  const licence = Array.isArray(info.licenses) ? `(${info.licenses.join(' AND ')})` : String(info.licenses ?? 'UNKNOWN');
  counts.set(licence, (counts.get(licence) ?? 0) + 1);
  if (process.argv.includes('--list')) console.log(`${name}\t${licence}`);
  if (!acceptable(licence) && !ACCEPTED[name]) refused.push(`  ${name}: ${licence} (${info.repository ?? info.path ?? ''})`);
}
const stale = Object.keys(ACCEPTED).filter((name) => !packages[name]);

console.log(
  `Licences of ${Object.keys(packages).length} production packages: ${[...counts].sort((a, b) => b[1] - a[1]).map(([licence, n]) => `${licence} ${n}`).join(', ')}.`,
);
for (const [name, why] of Object.entries(ACCEPTED)) if (packages[name]) console.log(`Accepted: ${name}: ${why}.`);
if (stale.length > 0) console.log(`No longer installed (remove from ACCEPTED): ${stale.join(', ')}.`);
if (refused.length > 0) {
  console.error(`Licences not accepted (allowed: ${ALLOWED.join(', ')}):\n${refused.join('\n')}`);
  process.exit(1);
}
