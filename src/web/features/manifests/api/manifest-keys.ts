/** Every manifest query key comes from here. */
export const manifestKeys = {
  all: ['manifests'] as const,
  list: () => [...manifestKeys.all, 'list'] as const,
};
