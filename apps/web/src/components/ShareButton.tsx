import { useState } from 'react';
import type { SharePayload } from '@locator/core';
import { shareStore, type ShareOutcome } from '../lib/share';

export interface ShareButtonProps {
  /** What is shared (core's sharePayload). */
  payload: SharePayload;
  /** The accessible name ("Share {name}"). */
  label: string;
  /** The visible text ("Share"). */
  text: string;
  className?: string;
  /** Before sharing (the results page counts the click). */
  onShare?: () => void;
  /** After sharing, with how it went ("copied": announce that the link was copied). */
  onOutcome?: (outcome: ShareOutcome) => void;
}

/**
 * Share a store: the Web Share API, else its link copied (lib/share.ts); disabled while the
 * share sheet is open. Used by the results page's store detail and by the store pages' island.
 */
export function ShareButton({
  payload,
  label,
  text,
  className,
  onShare,
  onOutcome,
}: ShareButtonProps) {
  const [sharing, setSharing] = useState(false);
  const share = async () => {
    onShare?.();
    setSharing(true);
    const outcome = await shareStore(payload);
    setSharing(false);
    onOutcome?.(outcome);
  };
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      disabled={sharing}
      onClick={() => void share()}
    >
      {text}
    </button>
  );
}
