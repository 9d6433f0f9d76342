import './components.css';

/** A busy indicator with its text, announced politely (PRODUCT.md#home-page "Loading home page"). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__wheel" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
