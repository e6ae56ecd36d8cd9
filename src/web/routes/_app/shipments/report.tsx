import { createFileRoute } from '@tanstack/react-router';
import { ReportForm } from '#web/features/reports/components/report-form.tsx';

/** /shipments/report: every signed-in client exports its own company's shipments; admins any company's, monthly too. */
export const Route = createFileRoute('/_app/shipments/report')({
  component: ReportForm,
});
