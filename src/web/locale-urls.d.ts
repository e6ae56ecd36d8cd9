// The catalogs' addresses, made by vite.config.ts's 'portal-locale-files' plugin: in a build each
// release's own files, named by their content (/locales/de.0123456789abcdef.json); in the dev
// server and the tests /locales/{lang}.json.
declare module 'virtual:portal-locale-urls' {
  // A top-level import would make this file a module, where a virtual module cannot be declared.
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  export const catalogUrls: Readonly<Record<import('#shared/domain/languages.ts').LanguageCode, string>>;
}
