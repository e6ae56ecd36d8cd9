import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ImportPreview } from '#shared/contract/imports.ts';
import { isCountryCode } from '#shared/domain/countries.ts';
import { codCurrency } from '#shared/domain/currencies.ts';
import { parseDecimal } from '#shared/domain/decimal-text.ts';
import { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS, type ImportField, type ImportMapping } from '#shared/domain/import-columns.ts';
import { documentActionMessages } from '#shared/i18n/document-action-messages.ts';
import { useFormat } from '#web/lib/format.ts';

/** Required fields first (in the order the send form asks for them), then the optional ones. */
const FIELD_ORDER: readonly ImportField[] = [...REQUIRED_IMPORT_FIELDS, ...IMPORT_FIELDS.filter((f) => !REQUIRED_IMPORT_FIELDS.includes(f))];
const isRequired = (field: ImportField) => REQUIRED_IMPORT_FIELDS.includes(field);

/** The portal fields as the send form names them (the same msgids, so translations are shared). */
export function useImportFieldLabels(): Record<ImportField, string> {
  const { t } = useLingui();
  return {
    receiver_name: t`Name`,
    receiver_company_name: t`Company`,
    receiver_vat_number: t`VAT number`,
    receiver_address_line_1: t`Street`,
    receiver_address_number: t`House number`,
    receiver_address_line_2: t`Address line 2`,
    receiver_city: t`City`,
    receiver_postal_code: t`Postal code`,
    receiver_country: t`Country`,
    receiver_region: t`Region`,
    receiver_phone: t`Phone`,
    receiver_email: t`Email`,
    product: t`Product`,
    delivery_method: t`Delivery method`,
    pickup_point_id: t`Pickup point`,
    pickup_address_id: t`Pickup address`,
    goods_type: t`Goods type`,
    reference_number: t`Reference number`,
    content: t`Content`,
    info: t`Note`,
    weight: t`Weight (kg)`,
    width: t`Width (cm)`,
    height: t`Height (cm)`,
    length: t`Length (cm)`,
    quantity: t`Quantity`,
    hs_tariff_code: t`HS tariff code`,
    cod_amount: t`Cash on delivery`,
    insurance: t`Insurance`,
  };
}

export const unmappedRequired = (mapping: ImportMapping) => REQUIRED_IMPORT_FIELDS.filter((field) => mapping[field] === undefined);

/**
 * A cell of the preview as the import will read it: in the columns chosen for cash on delivery and
 * insurance, a number of the row's destination country (its column chosen too) is shown in that
 * country's currency ("1 290 Kč"); anything else, and what cannot be read, as it is in the file.
 */
export function previewCell(row: readonly string[], index: number, mapping: ImportMapping, amount: (value: number, currency: string) => string): { text: string; amount: boolean } {
  const text = row[index] ?? '';
  const countryColumn = mapping.receiver_country;
  if ((index !== mapping.cod_amount && index !== mapping.insurance) || countryColumn === undefined) return { text, amount: false };
  const country = (row[countryColumn] ?? '').trim().toUpperCase();
  const value = text.trim() === '' ? Number.NaN : parseDecimal(text);
  return isCountryCode(country) && Number.isFinite(value) ? { text: amount(value, codCurrency(country)), amount: true } : { text, amount: false };
}

/**
 * The mapping step, when the file's headers do not name every required field: one select of the
 * file's columns per portal field (prefilled with what the server recognised or saved), the first
 * rows for orientation, and "Start import" once every required field has a column.
 */
export function ImportMapping({ preview, filename, busy, onStart, onCancel }: { preview: ImportPreview; filename: string; busy: boolean; onStart: (mapping: ImportMapping) => void; onCancel: () => void }) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const labels = useImportFieldLabels();
  const id = useId();
  const [mapping, setMapping] = useState<ImportMapping>(() => ({ ...preview.mapping }));
  const count = unmappedRequired(mapping).length;
  const totalRows = preview.total_rows;
  const columnName = (index: number) => {
    const position = index + 1;
    return preview.headers[index]?.trim() || t`Column ${position}`;
  };

  function choose(field: ImportField, value: string) {
    setMapping((current) => {
      const next = { ...current };
      if (value === '') delete next[field];
      else next[field] = Number(value);
      return next;
    });
  }

  return (
    <section className="card bg-base-100 shadow-sm" aria-labelledby={`${id}-title`}>
      <div className="card-body gap-4">
        <div>
          <h2 id={`${id}-title`} className="card-title text-lg">
            <Trans>Match the columns of {filename}</Trans>
          </h2>
          <p className="text-sm text-base-content/70">
            <Plural value={totalRows} one="The file has # row." other="The file has # rows." />{' '}
            {preview.saved_mapping && <Trans>The columns you chose last time for files like this one are filled in.</Trans>}
          </p>
        </div>
        <div role="alert" className="alert alert-warning alert-soft">
          <span>{i18n._(documentActionMessages.importColumnsMissing)}</span>
        </div>

        <div className="overflow-x-auto">
          <table className="table table-sm">
            <caption className="sr-only">
              <Trans>Portal fields and the file's columns</Trans>
            </caption>
            <thead>
              <tr>
                <th>
                  <Trans>Field</Trans>
                </th>
                <th>
                  <Trans>Column in the file</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {FIELD_ORDER.map((field) => {
                const required = isRequired(field);
                const selectId = `${id}-${field}`;
                const value = mapping[field];
                const unmapped = required && value === undefined;
                return (
                  <tr key={field}>
                    <td className="whitespace-nowrap">
                      <label htmlFor={selectId} className="font-medium">
                        {labels[field]}
                      </label>
                      {required && (
                        <span className="badge badge-ghost badge-sm ml-2">
                          <Trans>required</Trans>
                        </span>
                      )}
                    </td>
                    <td className="w-full min-w-48">
                      <select
                        id={selectId}
                        className={`select select-sm w-full max-w-sm ${unmapped ? 'select-warning' : ''}`}
                        value={value === undefined ? '' : String(value)}
                        aria-invalid={unmapped ? true : undefined}
                        onChange={(e) => choose(field, e.target.value)}
                      >
                        <option value="">{t`Not in the file`}</option>
                        {preview.headers.map((_, index) => (
                          <option key={index} value={index}>
                            {columnName(index)}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>

        {preview.rows.length > 0 && (
          <div>
            <h3 className="mb-1 font-semibold">
              <Trans>First rows of the file</Trans>
            </h3>
            <div className="overflow-x-auto rounded-box border border-base-300">
              <table className="table table-xs">
                <thead>
                  <tr>
                    {preview.headers.map((_, index) => (
                      <th key={index} className="whitespace-nowrap">
                        {columnName(index)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {preview.rows.map((row, r) => (
                    <tr key={r}>
                      {preview.headers.map((_, index) => {
                        const cell = previewCell(row, index, mapping, format.amount);
                        return (
                          <td key={index} className={`max-w-48 truncate whitespace-nowrap ${cell.amount ? 'text-end tabular-nums' : ''}`} title={row[index]}>
                            {cell.text}
                          </td>
                        );
                      })}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}

        <div className="flex flex-wrap items-center justify-end gap-2">
          {count > 0 && (
            <p className="mr-auto text-sm text-base-content/70" aria-live="polite">
              <Plural value={count} one="Choose a column for # more required field." other="Choose a column for # more required fields." />
            </p>
          )}
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </button>
          <button type="button" className="btn btn-primary" disabled={count > 0 || busy} onClick={() => onStart(mapping)}>
            {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            <Trans>Start import</Trans>
          </button>
        </div>
      </div>
    </section>
  );
}
