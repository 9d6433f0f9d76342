import type { ReactNode } from 'react';
import type { ProductCode } from '@locator/core';

/** Simple line drawings of the device categories (PRODUCT.md#code-lists), 32×32, in currentColor. */
const PATHS: Record<ProductCode, ReactNode> = {
  phone: (
    <>
      <rect x="10" y="3" width="12" height="26" rx="2.5" />
      <path d="M14 6h4" />
    </>
  ),
  tablet: (
    <>
      <rect x="6" y="4" width="20" height="24" rx="2.5" />
      <circle cx="16" cy="25" r="0.8" />
    </>
  ),
  musicplayer: (
    <>
      <rect x="9" y="3" width="14" height="26" rx="2.5" />
      <circle cx="16" cy="20" r="4" />
      <rect x="12" y="6" width="8" height="7" rx="1" />
    </>
  ),
  earbuds: (
    <>
      <path d="M10 8a3 3 0 1 1 0 6v10" />
      <path d="M22 8a3 3 0 1 0 0 6v10" />
    </>
  ),
  earbudspro: (
    <>
      <path d="M9 9a3.5 3.5 0 1 1 1 6.5V22" />
      <path d="M23 9a3.5 3.5 0 1 0-1 6.5V22" />
      <path d="M6 24h20" />
    </>
  ),
  headphones: (
    <>
      <path d="M6 20v-4a10 10 0 0 1 20 0v4" />
      <rect x="4" y="19" width="5" height="8" rx="2" />
      <rect x="23" y="19" width="5" height="8" rx="2" />
    </>
  ),
  audiobrand: (
    <>
      <circle cx="16" cy="16" r="12" />
      <path d="M13 11v10l8-5z" />
    </>
  ),
  computer: (
    <>
      <rect x="5" y="6" width="22" height="15" rx="1.5" />
      <path d="M2 25h28" />
    </>
  ),
  tvbox: (
    <>
      <rect x="5" y="12" width="22" height="9" rx="3" />
      <path d="M9 25h14" />
    </>
  ),
  smartspeaker: (
    <>
      <rect x="9" y="5" width="14" height="23" rx="6" />
      <circle cx="16" cy="9" r="1.5" />
    </>
  ),
  watch: (
    <>
      <rect x="9" y="9" width="14" height="14" rx="3.5" />
      <path d="M12 9V3h8v6M12 23v6h8v-6" />
    </>
  ),
  watchedition: (
    <>
      <rect x="9" y="9" width="14" height="14" rx="3.5" />
      <path d="M12 9V3h8v6M12 23v6h8v-6" />
      <path d="M14 16h4" />
    </>
  ),
  watchsport: (
    <>
      <rect x="9" y="9" width="14" height="14" rx="3.5" />
      <path d="M12 9V3h8v6M12 23v6h8v-6" />
      <path d="M13 18l2-3 2 2 2-3" />
    </>
  ),
  watchluxury: (
    <>
      <rect x="9" y="9" width="14" height="14" rx="3.5" />
      <path d="M12 9V3h8v6M12 23v6h8v-6" />
      <path d="M16 12.5l1 2.2 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z" />
    </>
  ),
  headset: (
    <>
      <path d="M4 13a4 4 0 0 1 4-4h16a4 4 0 0 1 4 4v4a4 4 0 0 1-4 4h-4l-2-3h-4l-2 3H8a4 4 0 0 1-4-4z" />
    </>
  ),
  allproducts: (
    <>
      <rect x="4" y="4" width="10" height="10" rx="2" />
      <rect x="18" y="4" width="10" height="10" rx="2" />
      <rect x="4" y="18" width="10" height="10" rx="2" />
      <rect x="18" y="18" width="10" height="10" rx="2" />
    </>
  ),
};

function isProductCode(code: string): code is ProductCode {
  return Object.prototype.hasOwnProperty.call(PATHS, code);
}

/** The icon of a product code; unknown codes (and "all") get the all-products icon. */
export function DeviceIcon({ code, size = 32 }: { code: string; size?: number }) {
  const key: ProductCode = isProductCode(code) ? code : 'allproducts';
  return (
    <svg
      className="device-icon"
      viewBox="0 0 32 32"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={key}
    >
      {PATHS[key]}
    </svg>
  );
}
