import { useEffect } from 'react';

/** Sets the tab's title while the page shows ("… · Parcel Portal"), and puts the old one back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Parcel Portal`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
