// Kept apart from the error page (error-page.tsx re-exports it): the root route reads the status
// at once but loads the page only when there is an error to show.

/** The HTTP-like status of an error thrown while loading a route. */
export function statusOf(error: unknown): number {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number' && error.status > 0) {
    return error.status;
  }
  return 500;
}
