import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A local draft of a value that lives elsewhere (e.g. in the URL): edits show at once and are
 * committed after `delayMs` without further edits; `flush` commits now (Enter). When the value
 * changes from outside (Reset, back button), the draft follows it and a pending commit is dropped.
 */
export function useDebouncedCommit<T>(value: T, delayMs: number, commit: (value: T) => void): [draft: T, setDraft: (value: T) => void, flush: () => void] {
  const [draft, setDraft] = useState(value);
  const [source, setSource] = useState(value);
  if (!Object.is(source, value)) {
    setSource(value);
    setDraft(value);
  }

  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });

  useEffect(() => {
    if (Object.is(draft, value)) return;
    const timer = setTimeout(() => commitRef.current(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);

  const flush = useCallback(() => {
    if (!Object.is(draft, value)) commitRef.current(draft);
  }, [draft, value]);

  return [draft, setDraft, flush];
}
