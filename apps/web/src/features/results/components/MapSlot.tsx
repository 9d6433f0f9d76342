/**
 * The place of the map beside the list (spec 2.5 item 8). The map itself arrives with issue 7;
 * until then this keeps its space in the wide layout.
 */
export function MapSlot() {
  return (
    <div className="results__map" data-testid="map-slot" aria-hidden="true">
      <div className="results__map-placeholder" />
    </div>
  );
}
