import { Trans } from '@lingui/react/macro';

/** The static example files (public/csv) and what a file needs, before anyone uploads one. */
export function ImportExample() {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <span className="font-medium">
        <Trans>Example file:</Trans>
      </span>
      <a href="/csv/import_example.csv" download className="link link-primary">
        import_example.csv
      </a>
      <a href="/csv/import_example.xlsx" download className="link link-primary">
        import_example.xlsx
      </a>
      <p className="basis-full text-base-content/70">
        <Trans>One shipment per row; the first row names the columns (as in the example, or common names such as Name, City or PSČ), and required columns you name differently can be matched after the upload.</Trans>
      </p>
    </div>
  );
}
