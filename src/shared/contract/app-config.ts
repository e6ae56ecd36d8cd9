import * as z from 'zod/mini';
import { endpoint } from './endpoint.ts';

/**
 * GET /api/v1/config: settings the web app needs from the server. `pickup_widgets` maps a
 * parcel-point country to the URL of the partner's map widget; a country without one uses the
 * built-in picker. A widget reports the chosen point by posting `{selectedID}` to the page.
 */
export const appConfigSchema = z.object({
  pickup_widgets: z.record(z.string(), z.url()),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

export const appConfigEndpoint = endpoint({ method: 'GET', path: '/api/v1/config', access: 'client', companyData: 'none', answer: appConfigSchema });
