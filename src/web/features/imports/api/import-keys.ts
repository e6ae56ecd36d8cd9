/** Every import query key comes from here; mutations invalidate `importKeys.all`. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => [...importKeys.all, 'list'] as const,
};
