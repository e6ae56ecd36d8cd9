// The public tracking pages' calls: plain fetch, no bearer and no session rules (the light public
// app has no API client), the caller's language for the server's texts, and the app's ApiError.
// Endpoints are named by their paths (shared/contract/tracking-paths.ts), not their definitions,
// whose schemas would bring zod into the public app.
import { pathOf } from '#shared/contract/endpoint.ts';
import { currentLanguage } from '#web/lib/i18n.ts';
import { ApiError, errorFromResponse } from '#web/lib/api-error.ts';

/** GETs a public endpoint with `query` (empty values left out); the parsed JSON body, or an ApiError (status 0: no answer). */
export async function fetchPublicJson(
  endpointPath: `/${string}`,
  input: { params?: Record<string, string>; query: Record<string, string | undefined> },
  signal?: AbortSignal,
): Promise<unknown> {
  const path = pathOf(endpointPath, input.params);
  const query = input.query;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const qs = params.toString();
  let response: Response;
  try {
    response = await fetch(qs ? `${path}?${qs}` : path, {
      headers: { accept: 'application/json', 'accept-language': currentLanguage() },
      credentials: 'omit',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw ApiError.offline(error);
  }
  if (!response.ok) throw await errorFromResponse(response);
  try {
    return await response.json();
  } catch {
    throw new ApiError(response.status, null, 'unexpected_response');
  }
}
