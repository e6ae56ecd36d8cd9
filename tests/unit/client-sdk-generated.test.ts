// The typed client's generated files (src/client-sdk/openapi.json and schema.d.ts) are those of
// the API as it is now: a change to the endpoint table or its schemas without `npm run
// sdk:generate` fails here, so the client never lags behind the server.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '#server/features/api-reference/openapi.ts';
import { documentText, OPENAPI_FILE, SCHEMA_FILE, schemaTypes } from '#scripts/sdk-generate.ts';

const STALE = 'src/client-sdk is stale: run `npm run sdk:generate` and commit its files';

describe('the typed client’s generated files', () => {
  const document = openApiDocument();

  it('hold the document the server serves', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8') === documentText(document), STALE).toBe(true);
  });

  it('hold the types openapi-typescript makes of it', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8') === (await schemaTypes(document)), STALE).toBe(true);
  }, 30_000);
});
