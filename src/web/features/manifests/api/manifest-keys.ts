/** Every manifest query key comes from here. */
export const manifestKeys = {
  all: ['manifests'] as const,
  list: () => [...manifestKeys.all, 'list'] as const,
  /** The manifests whose PDF this device keeps for a client (never persisted: read from Cache Storage). */
  kept: (clientId: string) => [...manifestKeys.all, 'kept', clientId] as const,
};
