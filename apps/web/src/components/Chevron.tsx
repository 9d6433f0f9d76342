/** A chevron that points in the reading direction (left in right-to-left pages, PRODUCT.md#what-the-product-does). */
export function Chevron() {
  return (
    <svg
      className="chevron"
      viewBox="0 0 8 14"
      width="8"
      height="14"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M1 1l6 6-6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
