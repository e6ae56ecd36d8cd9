import { useEffect, useState } from 'react';

/** Spec section 4: an avatar image is idle (no image), loading, loaded or failed; all but loaded show the initials. */
export type AvatarState = 'idle' | 'loading' | 'loaded' | 'error';

/** The image's state: loaded in the background, so a slow or broken image never shows a broken icon. */
export function useAvatarState(src: string | null | undefined): AvatarState {
  // The outcome is kept with the address it belongs to: a new address is loading until it settles.
  const [settled, setSettled] = useState<{ src: string; state: 'loaded' | 'error' } | null>(null);
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    let current = true;
    image.onload = () => current && setSettled({ src, state: 'loaded' });
    image.onerror = () => current && setSettled({ src, state: 'error' });
    image.src = src;
    return () => {
      current = false;
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);
  if (!src) return 'idle';
  return settled?.src === src ? settled.state : 'loading';
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
/** A word's first character as the reader sees it: a whole emoji or letter with its accents, never half of a surrogate pair. */
const firstCharacter = (word: string | undefined) => (word ? ([...graphemes.segment(word)][0]?.segment ?? '') : '');

/** First characters of the first and last word: "Martina Kováčová" -> "MK", "Martin 🚚" -> "M🚚". */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return (firstCharacter(parts[0]) + (parts.length > 1 ? firstCharacter(parts.at(-1)) : '')).toUpperCase() || '?';
}

const SIZES = { sm: 'w-8 text-sm', lg: 'w-16 text-xl' } as const;

/** A round avatar: the image once it has loaded, the initials until then and if it fails. */
export function Avatar({ name, src, size = 'sm' }: { name: string; src?: string | null; size?: keyof typeof SIZES }) {
  const state = useAvatarState(src);
  if (state === 'loaded' && src) {
    return (
      <div className="avatar" data-state={state}>
        <div className={`${SIZES[size]} rounded-full`}>
          <img src={src} alt="" />
        </div>
      </div>
    );
  }
  return (
    <div className="avatar avatar-placeholder" data-state={state}>
      <div className={`${SIZES[size]} rounded-full bg-primary text-primary-content`}>
        {/* Drawn by CSS, not text: a button holding the avatar is named by the name beside it. */}
        <span aria-hidden="true" data-initials={initials(name)} className="before:content-[attr(data-initials)]" />
      </div>
    </div>
  );
}
