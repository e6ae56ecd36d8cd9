// The report's file name says what it holds (issue 31): "packages_2026-11-29_zelena-zahrada-s-r-o.xlsx"
// rather than one "packages.xlsx" per download, which the browser numbers (1), (2) … in Downloads.
// ASCII only (accents folded), so every mail client, archive and file system keeps it as is.
import { foldText } from '#shared/domain/text-fold.ts';
import type { ReportType } from '#shared/contract/reports.ts';

const slug = (name: string) =>
  foldText(name)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');

/** packages_{month | day | from_to}_{company, or all-companies when an admin reports on every company}.xlsx */
export function reportFileName(plan: { type: ReportType; from: string; to: string }, companyName: string | null): string {
  const period = plan.type === 'MONTHLY' ? plan.from.slice(0, 7) : plan.from === plan.to ? plan.from : `${plan.from}_${plan.to}`;
  const company = companyName === null ? 'all-companies' : slug(companyName) || 'company';
  return `packages_${period}_${company}.xlsx`;
}
