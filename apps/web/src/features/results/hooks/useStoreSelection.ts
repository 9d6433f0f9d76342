import { useCallback, useEffect, useRef, useState } from 'react';
import type { Store } from '@locator/core';

/** The id of a store's select button in the list (focus returns there). */
export const selectButtonId = (id: string) => `store-${id}-select`;

/**
 * The selected store, held by the caller (the URL): the narrow detail view's store, a history
 * entry of its own (`open`, `close`); elsewhere the active store, marked in place (`mark`), so
 * that a reload or a copied address selects it again.
 */
export interface DetailControl {
  openId: string | undefined;
  open(id: string): void;
  close(): void;
  mark?: ((id: string | null) => void) | undefined;
  /** A store's details were opened (not again while they stay open): its analytics event. */
  opened?: ((id: string) => void) | undefined;
}

/**
 * Store selection (PRODUCT.md#store-selection): a list or pin click marks the store active (its pin is selected
 * and the map re-centres); on narrow screens it opens the detail view. Escape closes the callout
 * (wherever focus is, also after a mouse click) and leaving the detail view ("Back to stores" or
 * the browser's Back) closes it, both returning focus to the store in the list. The hovered
 * store's pin is highlighted. A store no longer shown is no longer active.
 */
export function useStoreSelection(shown: readonly Store[], narrow: boolean, detail: DetailControl) {
  const [activeId, setActiveId] = useState<string | null>(() => detail.openId ?? null);
  const [hoveredId, setHoveredId] = useState<string | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: string } | null>(null);
  const { openId } = detail;
  const active = shown.find((s) => s.id === (narrow && openId ? openId : activeId));
  const hovered = shown.some((s) => s.id === hoveredId) ? hoveredId : null;

  // Focus goes back to the list once it is rendered again (on the narrow map: to the pin).
  useEffect(() => {
    if (!focusRequest) return;
    const button =
      document.getElementById(selectButtonId(focusRequest.id)) ??
      [...document.querySelectorAll<HTMLElement>('button[data-pin-id]')].find(
        (el) => el.dataset.pinId === focusRequest.id,
      );
    button?.focus({ preventScroll: true });
    button?.scrollIntoView?.({ block: 'nearest' });
  }, [focusRequest]);

  const latestNarrow = useRef(narrow);
  useEffect(() => {
    latestNarrow.current = narrow;
  });

  const latestDetail = useRef(detail);
  useEffect(() => {
    latestDetail.current = detail;
  });

  // The narrow detail view closed (here or by Back): focus returns to its store in the list.
  // Beside the map the URL only marks the active store, and its unmarking is a transition that
  // may commit later: closing the callout has asked for the focus already, and by then it may
  // have moved on (to a pin), where it stays.
  const detailId = narrow ? openId : undefined;
  const wasOpen = useRef(detailId);
  useEffect(() => {
    if (wasOpen.current && !openId && narrow) setFocusRequest({ id: wasOpen.current });
    wasOpen.current = detailId;
  }, [detailId, openId, narrow]);

  const shownId = useRef<string | null>(null);
  useEffect(() => {
    shownId.current = active ? active.id : null;
  });

  const select = useCallback((id: string, from: 'list' | 'pin') => {
    const detailOpen = latestNarrow.current ? latestDetail.current.openId : shownId.current;
    if (detailOpen !== id) latestDetail.current.opened?.(id);
    setActiveId(id);
    if (latestNarrow.current) latestDetail.current.open(id);
    else latestDetail.current.mark?.(id);
    if (!latestNarrow.current && from === 'pin') {
      const entries = document.querySelectorAll<HTMLElement>('[data-testid="store"]');
      [...entries]
        .find((el) => el.dataset.storeId === id)
        ?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    }
  }, []);

  /** Escape on a pin or in the callout: the callout closes, focus returns to the list. */
  const closeCallout = useCallback(() => {
    if (activeId) setFocusRequest({ id: activeId });
    setActiveId(null);
    latestDetail.current.mark?.(null);
  }, [activeId]);

  // Escape anywhere but in a field or dialog closes it too, also when the callout was opened
  // with the mouse and focus is on the page (on a pin or in the callout the map reports it).
  useEffect(() => {
    if (!active || narrow) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('input, select, textarea, [role="dialog"]')) return;
      closeCallout();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [active, narrow, closeCallout]);

  /** "Back to stores": the list again, focus on the store that was open. */
  const back = useCallback(() => latestDetail.current.close(), []);

  return {
    activeId: active ? active.id : null,
    hoveredId: hovered,
    /** The store of the narrow detail view, when it is open. */
    detail: narrow && openId ? active : undefined,
    select,
    hover: setHoveredId,
    closeCallout,
    back,
  };
}

export type StoreSelectionState = ReturnType<typeof useStoreSelection>;
